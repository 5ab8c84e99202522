import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("association", "routes/public/association.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:id", "routes/public/blog-post.tsx"),
    route("events", "routes/public/events.tsx"),
    route("events/:id", "routes/public/event.tsx"),
    route("annonces", "routes/public/ads.tsx"),
    route("apply", "routes/public/apply.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("search", "routes/public/search.tsx"),
    route("mentions-legales", "routes/public/legal.tsx"),
    route("ma-demande/:token", "routes/public/my-application.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("invitation/:token", "routes/invitation.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      route("events", "routes/admin/events.tsx"),
      route("applications", "routes/admin/applications.tsx"),
      route("applications/:id/telechargement", "routes/admin/application-download.ts"),
      route("annonces", "routes/admin/ads.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("messages/:id", "routes/admin/message.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("comptes", "routes/admin/accounts.tsx"),
      route("historique", "routes/admin/history.tsx"),
      route("sauvegarde", "routes/admin/backup-download.ts"),
      route("donnees-personnelles", "routes/admin/personal-data.tsx"),
      route("donnees-personnelles/export", "routes/admin/personal-data-export.ts"),
      // Image uploads for every admin editor; behind the same session middleware as the screens.
      route("media", "routes/resources/admin-media.ts"),
    ]),
  ]),
  route("media/:file", "routes/resources/media.ts"),
  route("api/meteo", "routes/resources/weather.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  // Feeds, sitemap and icons, built from the content.
  route("blog/rss.xml", "routes/resources/rss.ts"),
  route("events/calendar.ics", "routes/resources/calendar.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("favicon.ico", "routes/resources/favicon.ts", { id: "favicon-ico" }),
  route("favicon.png", "routes/resources/favicon.ts", { id: "favicon-png" }),
  route("apple-touch-icon.png", "routes/resources/favicon.ts", { id: "apple-touch-icon" }),
  // SPEC §2: any unknown path redirects to /.
  route("*", "routes/resources/unknown.ts"),
] satisfies RouteConfig;
