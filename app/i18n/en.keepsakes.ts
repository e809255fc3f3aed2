// A keepsake being prepared (issue 38): the download dialog shows these while it waits, and the page a download
// without JavaScript opens. Only they show them, so they travel with the dialog's code
// (app/routes/printed-book/keepsake-strings.ts) instead of in the strings chunk every page loads (ADR 39).
const enKeepsakes = {
  preparingTitle: "Preparing your book…",
  preparingCounting: "Preparing your book… about {{pages}} pages",
  preparingPage: "Preparing your book… page {{page}} of ~{{pages}}",
  preparingEbook: "Preparing your e-book… {{pages}} stories",
  preparingEbookStory: "Preparing your e-book… story {{page}} of {{pages}}",
  preparingHint:
    "A long book takes a few minutes. You can leave: it keeps being made, and is ready when you come back.",
  refreshes: "This page checks again every few seconds.",
  readyTitle: "Your book is ready",
  download: "Download the book",
  back: "Back to the book",
  printShopTitle: "For a print shop",
  printShopIntro:
    "A zip to hand to a print shop (Lulu, Blurb, IngramSpark, or a printer near you): the pages with 3 mm of bleed " +
    "for trimming, the cover with its spine, and a note for the shop.",
  paperLabel: "Paper",
  paperHint: "The paper sets the width of the spine. Ask your shop which one they print on.",
  paperCream: "Cream",
  paperWhite: "White",
  backCode: "Print a code on the back cover that opens the book's family link",
  backCodeNeedsLink: "A code on the back cover needs a family link that never expires.",
  preparePackage: "Prepare for a print shop",
  softTitle: "Photos that may print blurred",
  softIntro: "A print shop needs 200 ppi for a sharp picture. Before you print:",
  softPhoto:
    "Page {{page}}: this photo will print at {{ppi}} ppi. Add a larger copy of it to its story, or choose a smaller " +
    "page size.",
  softCover:
    "The cover: its picture will print at {{ppi}} ppi. Heirloom keeps a cover's picture at screen size: for a " +
    "sharp cover, give the print shop the original photo too.",
  softPhotoAlt: "The photo on page {{page}}",
  ebookTitle: "E-book",
  ebookIntro:
    "For phones, tablets and e-readers (EPUB): every completed story with its photos, and each recording beside " +
    "its story, so that you can hear her voice as you read.",
  prepareEbook: "Prepare the e-book",
};

export default enKeepsakes;
