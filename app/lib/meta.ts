/** "Page · Heirloom", for a route's meta from the title its loader translated. */
export function pageTitle(title: string | undefined, appName = "Heirloom") {
  return [{ title: title ? `${title} · ${appName}` : appName }];
}
