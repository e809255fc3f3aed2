// The weekly question's card in the storyteller dialog (issue 37): only that card shows these, so they travel with
// its code (app/routes/storyteller/weekly-card-strings.ts) instead of in the strings chunk every page loads, as the
// admin's do (ADR 39). They join the `storyteller` namespace.
const enWeeklyCard = {
  weeklyTitle: "Weekly question",
  weeklyNone: "No weekly question yet.",
  weeklyNext: "Next question: {{date}} at {{time}} ({{timeZone}})",
  weeklyPaused: "Paused",
  weeklyQuiet:
    "{{name}} has not answered the last two questions. They keep coming; a call or a word from you may help.",
  weeklyPausedByTeller: "{{name}} paused the weekly questions from their email",
  weeklyPause: "Pause",
  weeklyResume: "Resume",
  weeklyEmail: "Email address (optional)",
  weeklyEmailHint:
    "With an address, the question goes by email. Without one, it waits on Home, ready for you to send by Zalo, " +
    "Messenger or text.",
  weeklyDays: "On these days",
  weekdays: {
    sun: "Sunday",
    mon: "Monday",
    tue: "Tuesday",
    wed: "Wednesday",
    thu: "Thursday",
    fri: "Friday",
    sat: "Saturday",
  },
  weeklyTime: "At",
  weeklyTimeZone: "Time zone",
  weeklySave: "Save",
  weeklyStop: "Stop weekly questions",
  askNext: "Ask this one next",
  askNextInOrder: "In book order",
  askNextChoose: "Choose",
  sendNow: "Send this week's question now",
  mailFailed: "Email to {{name}} failed: {{reason}}",
  mailNotSent: {
    paused: "The email to {{name}} was not sent: the weekly questions were paused.",
    ended: "The email to {{name}} was not sent: the link had ended.",
    questionGone: "The email to {{name}} was not sent: its question was deleted.",
    other: "The email to {{name}} was not sent.",
  },
};

export default enWeeklyCard;
