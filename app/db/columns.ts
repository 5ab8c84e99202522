import { timestamp } from "drizzle-orm/pg-core";

/** A point in time, stored with its time zone and read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
