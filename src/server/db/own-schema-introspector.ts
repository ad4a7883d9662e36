import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** Kysely's own tables (its Migrator's), left out unless asked for, as its introspector does. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ColumnRow {
  table_name: string;
  is_view: boolean;
  column_name: string;
  data_type: string;
  data_type_schema: string;
  is_nullable: boolean;
  has_default: boolean;
  is_auto_incrementing: boolean;
  comment: string | null;
}

/**
 * What Kysely's PostgreSQL introspector answers, for the connection's own schema only
 * (`current_schema()`, the search_path the database was opened with).
 *
 * Kysely's Migrator asks the introspector whether its tables exist, and Kysely's own
 * introspector reads every table of every schema of the database, calling
 * `pg_get_serial_sequence` on each column. Another schema migrated or dropped at that moment
 * makes that read fail ('column "name_key" of relation "coffee_origins" does not exist',
 * 'schema "t_…" does not exist'): the API tests' schemas, three test files at a time, one
 * database (docs/decisions/0051-ci-time.md). The app's tables are all in the schema it was
 * opened with (the search_path), so that is all it needs to see.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table_name, c.relkind = 'v' as is_view, a.attname as column_name,
             t.typname as data_type, tns.nspname as data_type_schema, not a.attnotnull as is_nullable,
             a.atthasdef as has_default,
             (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) is not null) as is_auto_incrementing,
             col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const schema = (await this.getSchemas())[0]?.name;
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && MIGRATION_TABLES.has(row.table_name)) continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = { name: row.table_name, isView: row.is_view, schema, columns: [] };
        tables.set(row.table_name, table);
      }
      table.columns.push({
        name: row.column_name,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: row.is_nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.is_auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting the connection's own schema only (OwnSchemaIntrospector). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
