import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every URL of the product, in the order of docs/product.md §2 (pages) and §7 (api).
export default [
  // Pages
  route("login", "routes/login.tsx"),
  route("unauthorized", "routes/unauthorized.tsx"),
  index("routes/home.tsx"),
  route("books", "routes/library.tsx"),
  route("books/:bookId", "routes/book.tsx", [
    route("suggest-topics", "routes/book.suggest-topics.tsx"),
    // Forms that change data and come back to the workspace, without JavaScript too (ADR 0008)
    route("copy", "routes/forms/book-copy.tsx"),
    route("delete", "routes/forms/book-delete.tsx"),
    route("toc", "routes/forms/book-toc.tsx"),
    route("topics/:topicId/delete", "routes/forms/topic-delete.tsx"),
    route("stories/:storyId/media", "routes/forms/story-media.tsx"),
    route("preview", "routes/forms/book-preview.tsx"),
    route("shares", "routes/forms/book-shares.tsx"),
    route("storyteller-links", "routes/forms/book-storyteller-links.tsx"),
  ]),
  route("books/:bookId/topics/:topicId", "routes/topic.tsx"),
  route("profile", "routes/profile.tsx", [
    // "Import a book from a zip", without JavaScript too (ADR 0008)
    route("import", "routes/forms/profile-import.tsx"),
  ]),
  route("admin", "routes/admin.tsx"),
  // A book shared by its link: read-only, no sign-in (issue 9)
  route("s/:token", "routes/shared-book.tsx"),
  route("s/:token/media/:ref", "routes/shared-media.ts"),
  route("s/:token/photos/:mediaId", "routes/shared-photo.tsx"),
  // The storyteller's door: one question at a time, by voice or in writing, no sign-in (issue 18, ADR 0028)
  route("tell/:token", "routes/tell.tsx"),
  // The same door for a signed-in storyteller, over their own books, from Home (issue 18)
  route("answer", "routes/answer.tsx"),

  // Session and preferences (forms that work without JavaScript)
  route("logout", "routes/logout.tsx"),
  route("preferences/language", "routes/preferences.language.ts"),
  route("preferences/theme", "routes/preferences.theme.ts"),
  route("preferences/layout", "routes/preferences.layout.ts"),
  route("healthz", "routes/healthz.ts"),

  // API: auth
  route("api/me", "routes/api/me.ts"),
  route("api/auth/login", "routes/api/auth.login.ts"),
  route("api/auth/logout", "routes/api/auth.logout.ts"),

  // API: books
  route("api/books", "routes/api/books.ts"),
  route("api/books/suggest-topics", "routes/api/books.suggest-topics.ts"),
  route("api/books/:id", "routes/api/book.ts"),
  route("api/books/:id/topics", "routes/api/book.topics.ts"),
  route("api/books/:id/stories", "routes/api/book.stories.ts"),
  route("api/books/:id/preview", "routes/api/book.preview.ts"),
  route("api/books/:id/reorder-topics", "routes/api/book.reorder-topics.ts"),
  route("api/books/:id/shares", "routes/api/book.shares.ts"),
  route("api/shares/:token", "routes/api/shares.ts"),
  route("api/books/:id/storyteller-links", "routes/api/book.storyteller-links.ts"),
  route("api/storyteller-links/:id", "routes/api/storyteller-link.ts"),
  route("api/suggested-actions", "routes/api/suggested-actions.ts"),

  // API: topics
  route("api/topics/:id", "routes/api/topic.ts"),
  route("api/topics/:id/stories", "routes/api/topic.stories.ts"),
  route("api/topics/:id/reorder-stories", "routes/api/topic.reorder-stories.ts"),
  route("api/topics/:id/preview", "routes/api/topic.preview.ts"),
  route("api/topics/:id/questions", "routes/api/topic.questions.ts"),
  route("api/topics/:id/regenerate-questions", "routes/api/topic.regenerate-questions.ts"),
  route("api/topics/:id/saved-preview", "routes/api/topic.saved-preview.ts"),

  // API: stories (the fixed path first, as api/books/suggest-topics above; React Router also ranks it above :id)
  route("api/stories/suggest-improvements", "routes/api/stories.suggest-improvements.ts"),
  route("api/stories/:id", "routes/api/story.ts"),
  route("api/stories/:id/media", "routes/api/story.media.ts"),

  // API: AI helpers
  route("api/generate-autocomplete", "routes/api/generate-autocomplete.ts"),
  route("api/answer-followup", "routes/api/answer-followup.ts"),

  // API: media
  route("api/media/render/:ref", "routes/api/media.render.ts"),
  route("api/media/:id", "routes/api/media.ts"),

  // API: keepsakes, a book or all books as a zip and back (issue 9, ADR 0014)
  route("api/books/:id/export", "routes/api/book.export.ts"),
  // The printed book as a PDF, with its voice codes (issue 19, ADR 0029)
  route("api/books/:id/book.pdf", "routes/api/book.pdf.ts"),
  route("api/export", "routes/api/export.ts"),
  route("api/import", "routes/api/import.ts"),

  // API: admin and users
  // Admin only: every one of these answers 401 anonymous and 403 to anyone but the admin.
  route("api/admin/users", "routes/api/admin.users.ts"),
  route("api/admin/books", "routes/api/admin.books.ts"),
  route("api/admin/topics", "routes/api/admin.topics.ts"),
  route("api/admin/stories", "routes/api/admin.stories.ts"),
  route("api/admin/content", "routes/api/admin.content.ts"),
  route("api/admin/create-user", "routes/api/admin.create-user.ts"),
  route("api/admin/users/:id", "routes/api/admin.user.ts"),
  route("api/admin/users/:id/activities", "routes/api/admin.user-activities.ts"),
  route("api/users/:id", "routes/api/users.ts"),

  route("api/*", "routes/api/not-found.ts"),

  // Anything else: the translated 404 page (also keeps the i18n middleware in the chain).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
