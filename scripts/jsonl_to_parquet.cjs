// jsonl_to_parquet.cjs converts DATA files of `d4 train` from JSONL to Parquet with DuckDB, as
// examples/absdiff_{train,dev,test}.parquet were made: the columns input and output as lists
// of TINYINT (DuckDB writes them as nullable lists of INT_8), each FILE.jsonl beside it as
// FILE.parquet. It prints the Parquet schema of the first file written.
//
//   node scripts/jsonl_to_parquet.cjs FILE.jsonl ...
//
// It needs @duckdb/node-api on NODE_PATH: `npm install @duckdb/node-api` in a directory outside
// the repository (e.g. /tmp/duck), then NODE_PATH=/tmp/duck/node_modules.
"use strict";

const { DuckDBInstance } = require("@duckdb/node-api");

async function main() {
  const files = process.argv.slice(2);
  if (files.length === 0 || files.some((f) => !f.endsWith(".jsonl"))) {
    console.error("usage: node scripts/jsonl_to_parquet.cjs FILE.jsonl ...");
    process.exit(2);
  }
  const db = await (await DuckDBInstance.create()).connect();
  const outs = [];
  for (const f of files) {
    const out = f.replace(/\.jsonl$/, ".parquet");
    await db.run(`COPY (SELECT input::TINYINT[] AS input, output::TINYINT[] AS output FROM read_json('${f}')) TO '${out}'`);
    outs.push(out);
  }
  const schema = await db.runAndReadAll(`SELECT name, repetition_type, converted_type FROM parquet_schema('${outs[0]}')`);
  console.log(schema.getRows().join("; "));
}

main().catch((err) => {
  console.error(`jsonl_to_parquet: ${err.message}`);
  process.exit(1);
});
