// A keepsake being prepared (issue 38): the download dialog shows these while it waits, and the page a download
// without JavaScript opens. Only they show them, so they travel with the dialog's code
// (app/routes/printed-book/keepsake-strings.ts) instead of in the strings chunk every page loads (ADR 39).
const enKeepsakes = {
  preparingTitle: "Preparing your book…",
  preparingCounting: "Preparing your book… about {{pages}} pages",
  preparingPage: "Preparing your book… page {{page}} of ~{{pages}}",
  preparingHint:
    "A long book takes a few minutes. You can leave: it keeps being made, and is ready when you come back.",
  refreshes: "This page checks again every few seconds.",
  readyTitle: "Your book is ready",
  download: "Download the book",
  back: "Back to the book",
};

export default enKeepsakes;
