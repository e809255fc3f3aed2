import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every URL of the product, in the order of docs/product.md §2 (pages) and §7 (api).
export default [
  // Pages
  route("login", "routes/auth/login.tsx"),
  route("unauthorized", "routes/auth/unauthorized.tsx"),
  index("routes/home/home.tsx"),
  route("books", "routes/library/library.tsx"),
  route("books/:bookId", "routes/workspace/book.tsx", [
    route("suggest-topics", "routes/workspace/suggest-topics.tsx"),
    // Forms that change data and come back to the workspace, without JavaScript too (ADR 0008)
    route("copy", "routes/books/copy.tsx"),
    route("delete", "routes/books/delete.tsx"),
    route("toc", "routes/workspace/toc.tsx"),
    route("topics/:topicId/delete", "routes/topics/delete.tsx"),
    route("stories/:storyId/media", "routes/stories/media-form.tsx"),
    route("preview", "routes/previews/book-preview.tsx"),
    route("shares", "routes/sharing/book-shares.tsx"),
    route("storyteller-links", "routes/storyteller/book-links.tsx"),
    route("storyteller-links/weekly", "routes/storyteller/link-weekly.tsx"),
  ]),
  route("books/:bookId/topics/:topicId", "routes/topics/topic.tsx"),
  // A keepsake being prepared, for a download without JavaScript (issue 38)
  route("books/:bookId/keepsake", "routes/printed-book/keepsake-page.tsx"),
  route("profile", "routes/profile/profile.tsx", [
    // "Import a book from a zip", without JavaScript too (ADR 0008)
    route("import", "routes/keepsakes/import.tsx"),
  ]),
  route("admin", "routes/admin/admin.tsx"),
  // A book shared by its link: read-only, no sign-in (issue 9)
  route("s/:token", "routes/sharing/shared-book.tsx"),
  route("s/:token/media/:ref", "routes/sharing/shared-media.ts"),
  route("s/:token/photos/:mediaId", "routes/sharing/shared-photo.tsx"),
  // The storyteller's door: one question at a time, by voice or in writing, no sign-in (issue 18, ADR 0028)
  route("tell/:token", "routes/storyteller/tell.tsx"),
  // Her email's "pause the weekly questions", and its one-click unsubscribe (issue 37, RFC 8058)
  route("tell/:token/pause", "routes/storyteller/pause.tsx"),
  // The same door for a signed-in storyteller, over their own books, from Home (issue 18)
  route("answer", "routes/storyteller/answer.tsx"),

  // Session and preferences (forms that work without JavaScript)
  route("logout", "routes/auth/logout.tsx"),
  route("preferences/language", "routes/preferences/language.ts"),
  route("preferences/theme", "routes/preferences/theme.ts"),
  route("preferences/layout", "routes/preferences/layout.ts"),
  route("healthz", "routes/system/healthz.ts"),

  // API: auth
  route("api/me", "routes/auth/api.me.ts"),
  route("api/auth/login", "routes/auth/api.login.ts"),
  route("api/auth/logout", "routes/auth/api.logout.ts"),

  // API: books
  route("api/books", "routes/books/api.books.ts"),
  route("api/books/suggest-topics", "routes/books/api.suggest-topics.ts"),
  route("api/books/:id", "routes/books/api.book.ts"),
  route("api/books/:id/topics", "routes/topics/api.book-topics.ts"),
  route("api/books/:id/stories", "routes/stories/api.book-stories.ts"),
  route("api/books/:id/preview", "routes/previews/api.book-preview.ts"),
  route("api/books/:id/reorder-topics", "routes/topics/api.reorder-topics.ts"),
  route("api/books/:id/shares", "routes/sharing/api.book-shares.ts"),
  route("api/shares/:token", "routes/sharing/api.shares.ts"),
  route("api/books/:id/storyteller-links", "routes/storyteller/api.book-links.ts"),
  route("api/storyteller-links/:id", "routes/storyteller/api.link.ts"),
  route("api/storyteller-links/:id/send", "routes/storyteller/api.link-send.ts"),
  // Her emailed replies, piped by a mail relay (issue 37)
  route("api/inbound/email", "routes/storyteller/api.inbound-email.ts"),
  route("api/suggested-actions", "routes/home/api.suggested-actions.ts"),

  // API: topics
  route("api/topics/:id", "routes/topics/api.topic.ts"),
  route("api/topics/:id/stories", "routes/stories/api.topic-stories.ts"),
  route("api/topics/:id/reorder-stories", "routes/stories/api.reorder-stories.ts"),
  route("api/topics/:id/preview", "routes/previews/api.topic-preview.ts"),
  route("api/topics/:id/questions", "routes/topics/api.questions.ts"),
  route("api/topics/:id/regenerate-questions", "routes/topics/api.regenerate-questions.ts"),
  route("api/topics/:id/saved-preview", "routes/previews/api.saved-preview.ts"),

  // API: stories (the fixed path first, as api/books/suggest-topics above; React Router also ranks it above :id)
  route("api/stories/suggest-improvements", "routes/stories/api.suggest-improvements.ts"),
  route("api/stories/:id", "routes/stories/api.story.ts"),
  route("api/stories/:id/media", "routes/stories/api.story-media.ts"),

  // API: AI helpers
  route("api/generate-autocomplete", "routes/stories/api.generate-autocomplete.ts"),
  route("api/answer-followup", "routes/stories/api.answer-followup.ts"),

  // API: media
  route("api/media/render/:ref", "routes/media/api.media-render.ts"),
  route("api/media/:id", "routes/media/api.media.ts"),

  // API: keepsakes, a book or all books as a zip and back (issue 9, ADR 0014)
  route("api/books/:id/export", "routes/keepsakes/api.book-export.ts"),
  // The printed book as a PDF, with its voice codes (issue 19, ADR 0029)
  route("api/books/:id/book.pdf", "routes/printed-book/api.book-pdf.ts"),
  route("api/books/:id/print-package.zip", "routes/printed-book/api.print-package.ts"),
  route("api/books/:id/book.epub", "routes/printed-book/api.book-epub.ts"),
  route("api/export", "routes/keepsakes/api.export.ts"),
  route("api/import", "routes/keepsakes/api.import.ts"),

  // API: admin and users
  // Admin only: every one of these answers 401 anonymous and 403 to anyone but the admin.
  route("api/admin/users", "routes/admin/api.users.ts"),
  route("api/admin/books", "routes/admin/api.books.ts"),
  route("api/admin/topics", "routes/admin/api.topics.ts"),
  route("api/admin/stories", "routes/admin/api.stories.ts"),
  route("api/admin/content", "routes/admin/api.content.ts"),
  route("api/admin/mail", "routes/admin/api.mail.ts"),
  route("api/admin/create-user", "routes/admin/api.create-user.ts"),
  route("api/admin/users/:id", "routes/admin/api.user.ts"),
  route("api/admin/users/:id/activities", "routes/admin/api.user-activities.ts"),
  route("api/users/:id", "routes/profile/api.users.ts"),

  route("api/*", "routes/system/api.not-found.ts"),

  // Anything else: the translated 404 page (also keeps the i18n middleware in the chain).
  route("*", "routes/system/not-found.tsx"),
] satisfies RouteConfig;
