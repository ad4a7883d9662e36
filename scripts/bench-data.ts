// `npm run bench:data -- --sales N [--file F | --database-url URL]`: a fresh
// benchmark data set (scripts/bench/plan.ts) with N sales over three years.
// SQLite by default, in /tmp (never in the repository); PostgreSQL with
// --database-url (add ?options=-c%20search_path%3Dname to use a schema); any
// other --database-url is refused with one line and exit code 1.
// The ledger and the sales aggregates come out exact: checked at the end.
import { parseArgs } from 'node:util';
import { generateDataset } from '#support/bench/generate.js';
import { checkDataset } from './bench/check.js';

const { values } = parseArgs({
  options: { sales: { type: 'string', default: '10000' }, file: { type: 'string' }, 'database-url': { type: 'string' } },
});
/** A wrong argument: one line, as the other tools say it, and exit 1 before anything is written. */
function refuse(message: string): never {
  console.error(`bench:data: ${message}`);
  process.exit(1);
}

const sales = Number(values.sales);
if (!Number.isSafeInteger(sales) || sales < 1) refuse(`--sales debe ser un entero positivo (es «${values.sales}»).`);
const url = values['database-url'];
// The writer speaks PostgreSQL to any URL: a SQLite one would die in pg with a stack trace.
if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
  refuse(`--database-url es solo para PostgreSQL (postgres://usuario@host:5432/base); para SQLite usa --file ruta.sqlite (es «${url}»).`);
}
const target = url ? { kind: 'postgres' as const, url } : { kind: 'sqlite' as const, file: values.file ?? `/tmp/cafe-bench/data/ventas-${sales}.sqlite` };

const summary = await generateDataset(sales, target);
console.log(`${target.kind === 'sqlite' ? target.file : 'PostgreSQL'}: ${summary.sales} ventas de ${summary.products} productos ` +
  `(${summary.greenLots} lotes verdes) en ${summary.seconds.toFixed(1)} s`);
const problems = await checkDataset(target);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log('Comprobado: stock = libro de movimientos en cada lote, y los agregados de ventas = recuento.');
}
