/**
 * What the sale form's two search boxes, 'Producto' and 'Cliente', share: the WAI-ARIA 1.2
 * combobox pattern (list autocomplete) on the input, and each option's attributes. The listbox
 * is `${id}-list`, option `index` is `${id}-option-${index}`.
 */
export const comboboxAttributes = (id: string, open: boolean, active: number, hasActive: boolean) => ({
  type: 'text',
  role: 'combobox',
  'aria-expanded': open,
  'aria-controls': `${id}-list`,
  'aria-autocomplete': 'list' as const,
  'aria-activedescendant': open && active >= 0 && hasActive ? `${id}-option-${active}` : undefined,
  autoComplete: 'off',
});

export const optionAttributes = (id: string, index: number, active: number, onChoose: () => void) => ({
  id: `${id}-option-${index}`,
  role: 'option',
  'aria-selected': index === active,
  className: 'product-picker__option',
  // Keep the focus in the input: a click chooses without blurring it first.
  onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
  onClick: onChoose,
});
