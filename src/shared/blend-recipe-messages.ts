// Configuración's blend recipes: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { editedByOther } from './message-parts.js';

/** Recetas de mezcla on the Configuración screen (docs/product-guide.md#configuracion, #blend-recipe and #interface-texts). */
export const blendRecipeMessages = {
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('esta receta', 'la'),
  // original (docs/product-guide.md#configuracion)
  loading: 'Cargando configuración...',
  empty: 'No hay recetas de mezcla registradas. ¡Es hora de crear algunas!',
  // original (docs/product-guide.md#blend-recipe)
  componentInvalid: 'Por favor, selecciona un origen de café y un porcentaje válido para el componente.',
  originInvalid: 'Origen de café seleccionado no válido.',
  required: 'Por favor, completa el nombre de la receta y añade al menos un componente.',
  // original (docs/product-guide.md#interface-texts)
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta receta?',
  // original
  loadError: 'Error al cargar las recetas.',
  originsLoadError: 'Error al cargar los orígenes de café.',
  addError: 'Error al agregar la receta.',
  updateError: 'Error al actualizar la receta.',
  deleteError: 'Error al eliminar la receta.',
  added: 'Receta agregada con éxito.',
  updated: 'Receta actualizada con éxito.',
  deleted: 'Receta eliminada con éxito.',
  // ours
  title: 'Configuración del Sistema',
  duplicateName: 'Ya existe una receta con ese nombre. Usa otro nombre o edita la receta existente.',
  roastTypeInvalid: 'El tueste del componente debe ser Claro, Medio u Oscuro, o quedar sin indicar.',
  duplicateOrigin: 'Cada origen de café puede aparecer solo una vez en la receta.',
  notFound: 'La receta no existe.',
  nameTooLong: (max: number) => `El nombre de la receta puede tener como máximo ${max} caracteres.`,
  tooManyComponents: (max: number) => `Una receta puede tener como máximo ${max} componentes.`,
} as const;
