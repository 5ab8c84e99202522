// Every table, each defined beside the module that owns it (docs/architecture.md, « Who touches which tables »), for
// Drizzle's migrations (drizzle.config.ts), the whole-database modules (demo, backup) and the tests. The code of a
// module imports its own `<module>.tables.ts`, and another module's only where docs/architecture.md says why
// (scripts/source-rules.ts keeps it so).
export * from "../modules/content/content.tables";
export * from "../modules/publishing/publishing.tables";
export * from "../modules/blog/blog.tables";
export * from "../modules/events/events.tables";
export * from "../modules/applications/applications.tables";
export * from "../modules/ads/ads.tables";
export * from "../modules/contact/contact.tables";
export * from "../modules/auth/auth.tables";
export * from "../modules/history/history.tables";
export * from "../modules/rate-limits/rate-limits.tables";
export * from "../modules/media/media.tables";
export * from "../modules/mail/mail.tables";
export * from "../modules/newsletter/newsletter.tables";
export * from "../modules/import/import.tables";
export * from "./runtime.tables";
export * from "../modules/registrations/registrations.tables";
export * from "../modules/register/register.tables";
export * from "../modules/treasury/treasury.tables";
export * from "../modules/documents/documents.tables";
export * from "../modules/assembly/assembly.tables";
export * from "../modules/garden-space/garden-space.tables";
export * from "../modules/helloasso/helloasso.tables";
