// `npm start` and the command-line tools read the settings of a `.env` file in the working directory (npm runs
// them beside package.json) when there is one: what Node's --env-file-if-exists=.env does, without its notice at
// every start when there is none. A variable already set in the environment wins. Import this module first: the
// settings are read when the app is imported.
import fs from "node:fs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
