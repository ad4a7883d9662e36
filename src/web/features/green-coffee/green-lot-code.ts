import { parseSpanishDate } from '#shared/format.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import { greenLotCode } from '#shared/lot-codes.js';

/**
 * The 'Lote' field's hint: what 'Generar Lote' writes, the entry date as DD-MM-AA, the
 * spec's hint for green lots, which is not enforced (docs/product-guide.md#cafe-verde).
 */
export const GREEN_LOT_HINT = "Formato sugerido: DD-MM-AA, la Fecha de Entrada (por ejemplo 15-03-24); 'Generar Lote' lo escribe así.";

/**
 * The green form's 'Generar Lote': the 'Fecha de Entrada' as typed (dd/mm/aaaa)
 * written DD-MM-AA, the shape the field's hint names (docs/product-guide.md#cafe-verde);
 * without a real date, the button's own message.
 */
export function generateGreenLotCode(entryDateText: string): { code: string } | { message: string } {
  const entryDate = parseSpanishDate(entryDateText);
  return entryDate === undefined ? { message: m.lotCodeNeedsDate } : { code: greenLotCode(entryDate) };
}
