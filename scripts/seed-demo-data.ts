import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createSession } from '#server/auth/sessions.js';
import type { Database } from '#server/db/schema.js';
import { findUserByUsername } from '#server/features/users/repository.js';

/**
 * Demo origins, green lots and roasts, posted through the API as a person
 * would, so they obey every rule and leave a complete ledger. Only on a
 * database with no origins yet.
 */
export async function seedDemoData(app: FastifyInstance, db: Kysely<Database>, adminUsername: string): Promise<string> {
  const existing = await db.selectFrom('coffee_origins').select('id').limit(1).execute();
  if (existing.length > 0) return 'Datos de demostración: ya había orígenes, no se añadió nada.';

  const admin = await findUserByUsername(db, adminUsername);
  if (!admin) throw new Error(`falta el usuario ${adminUsername}`);
  const cookie = `cafe_sesion=${await createSession(db, admin.id)}`;
  const post = async <T>(url: string, payload: unknown): Promise<T> => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
    if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };

  const origins = [
    { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'], description: 'Huila, 1.700 m. Notas a panela y cítricos.' },
    { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Cooperativa Yirgacheffe'], description: 'Lavado, floral, té negro.' },
    { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Santa Inês', 'Fazenda Ambiental'], description: 'Sul de Minas, natural. Chocolate y nuez.' },
  ];
  const green: { originIndex: number; supplier: string; kg: number; price: number; date: string; code: string }[] = [
    { originIndex: 0, supplier: 'Finca La Esperanza', kg: 350, price: 7.85, date: '2026-09-14', code: '14-09-26' },
    { originIndex: 0, supplier: 'Finca El Paraíso', kg: 140, price: 9.4, date: '2026-10-20', code: '20-10-26' },
    { originIndex: 1, supplier: 'Cooperativa Yirgacheffe', kg: 120, price: 10.25, date: '2026-10-02', code: '02-10-26' },
    { originIndex: 2, supplier: 'Fazenda Santa Inês', kg: 420, price: 6.1, date: '2026-08-30', code: '30-08-26' },
  ];

  const originIds: number[] = [];
  for (const origin of origins) originIds.push((await post<{ id: number }>('/api/coffee-origins', origin)).id);
  const greenIds: number[] = [];
  for (const lot of green) {
    const { id } = await post<{ id: number }>('/api/green-coffee', {
      origin_id: originIds[lot.originIndex],
      supplier_finca: lot.supplier,
      quantity_kg: lot.kg,
      unit_price: lot.price,
      entry_date: lot.date,
      batch_code: lot.code,
    });
    greenIds.push(id);
  }

  // Roasts lose 15–20 % of their weight; the server generates each lot code.
  const roasts = [
    { greenIndex: 0, greenKg: 60, resultKg: 50.4, type: 'Medio', date: '2026-10-01' },
    { greenIndex: 0, greenKg: 30, resultKg: 24.6, type: 'Oscuro', date: '2026-10-15' },
    { greenIndex: 2, greenKg: 25, resultKg: 21.25, type: 'Claro', date: '2026-10-20' },
    { greenIndex: 3, greenKg: 90, resultKg: 74.7, type: 'Medio', date: '2026-11-02' },
  ];
  for (const roast of roasts) {
    await post('/api/roasted-coffee', {
      green_coffee_id: greenIds[roast.greenIndex],
      quantity_green_kg: roast.greenKg,
      resultant_kg: roast.resultKg,
      roast_type: roast.type,
      roast_date: roast.date,
    });
  }
  return `Datos de demostración: ${origins.length} orígenes, ${green.length} lotes de café verde y ${roasts.length} tuestes.`;
}
