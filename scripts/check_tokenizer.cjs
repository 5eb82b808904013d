// check_tokenizer.cjs checks that Hugging Face's libraries, given the
// tokenizer.json and tokenizer_config.json of a model or prepared data
// directory, turn the text of every prepared problem into exactly the
// token ids that `wap prepare` stored (the ids the model reads).
//
//   node scripts/check_tokenizer.cjs DATA_DIR [TOKENIZER_DIR]
//
// DATA_DIR holds train.parquet, dev.parquet and test.parquet (columns text
// and token_ids); TOKENIZER_DIR (default DATA_DIR) holds the tokenizer.
// It needs, on NODE_PATH, @duckdb/node-api (to read the Parquet files) and
// @huggingface/transformers (transformers.js, loaded with
// AutoTokenizer.from_pretrained); with the package tokenizers (the Rust
// library's Node binding) there too, it checks with that as well. It
// prints one line per split and library, and exits with status 1 when
// some problem gets other ids.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

async function main() {
  const [dataDir, tokDir = dataDir] = process.argv.slice(2);
  if (!dataDir) {
    console.error("usage: node scripts/check_tokenizer.cjs DATA_DIR [TOKENIZER_DIR]");
    process.exit(2);
  }
  for (const name of ["tokenizer.json", "tokenizer_config.json"]) {
    if (!fs.existsSync(path.join(tokDir, name))) {
      throw new Error(`${tokDir} has no ${name} (prepare the data or train the model again)`);
    }
  }
  const { DuckDBInstance } = require("@duckdb/node-api");
  const { AutoTokenizer, env } = require("@huggingface/transformers");
  env.allowRemoteModels = false;
  const libraries = [];
  const js = await AutoTokenizer.from_pretrained(path.resolve(tokDir), { local_files_only: true });
  libraries.push({ name: "transformers.js", encode: async (text) => js.encode(text, { add_special_tokens: false }) });
  let rust = null;
  try {
    rust = require("tokenizers").Tokenizer.fromFile(path.join(tokDir, "tokenizer.json"));
  } catch (err) {
    if (err.code !== "MODULE_NOT_FOUND") throw err;
  }
  if (rust) {
    libraries.push({ name: "tokenizers (Rust)", encode: async (text) => (await rust.encode(text)).getIds() });
  }

  const db = await (await DuckDBInstance.create()).connect();
  let failed = false;
  for (const split of ["train", "dev", "test"]) {
    const file = path.join(dataDir, split + ".parquet").replaceAll("'", "''");
    const rows = (await db.runAndReadAll(`SELECT id, text, token_ids FROM read_parquet('${file}') ORDER BY id`)).getRowObjectsJson();
    for (const lib of libraries) {
      let same = 0;
      let first = null;
      for (const row of rows) {
        const ids = await lib.encode(row.text);
        if (JSON.stringify(ids) === JSON.stringify(row.token_ids)) {
          same++;
        } else if (first === null) {
          first = row.id;
        }
      }
      const note = first === null ? "" : ` (first that differs: id ${first})`;
      console.log(`${split}: ${lib.name} gives the stored token_ids for ${same} of ${rows.length} problems${note}`);
      failed ||= same !== rows.length;
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(`check_tokenizer: ${err.message}`);
  process.exit(1);
});
