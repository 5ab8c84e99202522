import type { Config } from "@react-router/dev/config";

// Extra origins allowed to post forms (behind a proxy) are read at run time in server.ts.
export default {
  ssr: true,
} satisfies Config;
