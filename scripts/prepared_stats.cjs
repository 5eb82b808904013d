// prepared_stats.cjs reads the prepared word problems of `wap prepare` with DuckDB, to show that
// other tools read the project's Parquet files: for DIR/train.parquet it prints the number of
// problems, the number of their tokens, the smallest and the largest answer, and then the
// compression of its column chunks.
//
//   node scripts/prepared_stats.cjs DIR       (DIR: default data/prepared)
//
// It needs @duckdb/node-api on NODE_PATH: `npm install @duckdb/node-api` in a directory outside
// the repository (e.g. /tmp/duck), then NODE_PATH=/tmp/duck/node_modules.
"use strict";

const path = require("node:path");
const { DuckDBInstance } = require("@duckdb/node-api");

async function main() {
  const file = path.join(process.argv[2] || "data/prepared", "train.parquet");
  const db = await (await DuckDBInstance.create()).connect();
  const q = async (sql) => (await db.runAndReadAll(sql)).getRows().join("; ");
  console.log(await q(`SELECT count(*), sum(len(token_ids)), min(answer), max(answer) FROM '${file}'`));
  console.log(await q(`SELECT DISTINCT compression FROM parquet_metadata('${file}')`));
}

main().catch((err) => {
  console.error(`prepared_stats: ${err.message}`);
  process.exit(1);
});
