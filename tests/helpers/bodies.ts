/** A valid roast body for a green lot (10 kg → 8.5 kg, Medio), with any field changed. */
export const roastBody = (greenId: number, change: Record<string, unknown> = {}) => ({
  green_coffee_id: greenId,
  quantity_green_kg: 10,
  resultant_kg: 8.5,
  roast_type: 'Medio',
  roast_date: '2024-03-15',
  ...change,
});
