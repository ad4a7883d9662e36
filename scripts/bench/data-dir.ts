// Where the bench keeps its data sets (BENCH_DATA_DIR): its own module so that
// slow-host.ts can find their disk without loading the data generator.
export const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/cafe-bench/data';
