// The storyteller's page names every button in words; an icon beside the words helps those who read slowly.
const PATHS = {
  hear:
    "M4 9v6h4l5 4V5L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" +
    "M14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  record: [
    "M12 15a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3z",
    "m5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-2.1a7 7 0 0 0 6-6.9h-2z",
  ].join(""),
  stop: "M7 7h10v10H7z",
  play: "M8 5v14l11-7z",
  send: "M3 20.5 21 12 3 3.5V10l12 2-12 2z",
  again: "M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z",
  write:
    "M3 17.3V21h3.7L17.8 9.9l-3.7-3.7L3 17.3zM20.7 7a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7L20.7 7z",
  next: "M12 4l-1.4 1.4 5.6 5.6H4v2h12.2l-5.6 5.6L12 20l8-8z",
  rest: "M12.3 2a10 10 0 1 0 9.7 12.3A8 8 0 0 1 12.3 2z",
};

export type TellIconName = keyof typeof PATHS;

export function TellIcon({ name }: { name: TellIconName }) {
  return (
    <svg className="tell-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
