import { describe, expect, it } from 'vitest';
import * as limits from '#shared/limits.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { userMessages } from '#shared/user-messages.js';
import { originBodySchema } from '#shared/schemas/origins.js';
import { passwordProblem } from '#shared/schemas/users.js';

describe('a message that states a limit takes the number from the constant the schema checks', () => {
  it.each([
    [userMessages.usernameTooLong, limits.USERNAME_MAX, 'El nombre de usuario puede tener como máximo 100 caracteres.'],
    [userMessages.fullNameTooLong, limits.FULL_NAME_MAX, 'El nombre completo puede tener como máximo 200 caracteres.'],
    [userMessages.passwordTooShort, limits.PASSWORD_MIN, 'La contraseña debe tener al menos 8 caracteres.'],
    [userMessages.passwordTooLong, limits.PASSWORD_MAX, 'La contraseña puede tener como máximo 128 caracteres.'],
    [originMessages.nameTooLong, limits.ORIGIN_NAME_MAX, 'El nombre no puede tener más de 120 caracteres.'],
    [originMessages.kilosPerBagTooLarge, limits.KILOS_PER_BAG_MAX, 'Los kilos por saco no pueden superar 10000.'],
    [originMessages.supplierTooLong, limits.SUPPLIER_MAX, 'Cada proveedor/finca puede tener como máximo 120 caracteres.'],
    [originMessages.tooManySuppliers, limits.SUPPLIERS_MAX_COUNT, 'Un origen puede tener como máximo 50 proveedores/fincas.'],
    [originMessages.descriptionTooLong, limits.DESCRIPTION_MAX, 'La descripción no puede tener más de 1000 caracteres.'],
    [greenCoffeeMessages.quantityTooLarge, limits.GREEN_QUANTITY_MAX_KG, 'La cantidad no puede superar 1000000 Kg.'],
    [greenCoffeeMessages.priceTooLarge, limits.GREEN_PRICE_MAX, 'El precio unitario no puede superar 1000000 por Kg.'],
    [greenCoffeeMessages.supplierTooLong, limits.SUPPLIER_MAX, 'El proveedor/finca puede tener como máximo 120 caracteres.'],
    [greenCoffeeMessages.batchCodeTooLong, limits.BATCH_CODE_MAX, 'El código de lote puede tener como máximo 40 caracteres.'],
    [roastedCoffeeMessages.quantityTooLarge, limits.GREEN_QUANTITY_MAX_KG, 'La cantidad no puede superar 1000000 Kg.'],
    [roastedCoffeeMessages.batchCodeTooLong, limits.BATCH_CODE_MAX, 'El código de lote puede tener como máximo 40 caracteres.'],
  ])('%s', (message, limit, today) => {
    expect(message).toContain(String(limit));
    expect(message).toBe(today);
  });

  it('the schemas refuse one past the limit with that message, and accept the limit', () => {
    const origin = { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['La Esperanza'], description: '' };
    const tooLong = originBodySchema.safeParse({ ...origin, name: 'x'.repeat(limits.ORIGIN_NAME_MAX + 1) });
    expect(tooLong.success ? null : tooLong.error.issues[0]?.message).toBe(originMessages.nameTooLong);
    expect(originBodySchema.safeParse({ ...origin, name: 'x'.repeat(limits.ORIGIN_NAME_MAX) }).success).toBe(true);
    expect(passwordProblem('x'.repeat(limits.PASSWORD_MAX + 1), 'ana')).toBe(userMessages.passwordTooLong);
    expect(passwordProblem('y'.repeat(limits.PASSWORD_MIN - 1), 'ana')).toBe(userMessages.passwordTooShort);
  });
});
