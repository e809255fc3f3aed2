// "Hear the question" (issue 18): read aloud by the phone's own speech synthesis, in the book's language, and only
// offered when the phone has a voice for it; many phones have none for Vietnamese, and a wrong voice is worse than
// none. Voices may arrive after the page has loaded, hence `voiceschanged`.

/** The phone's voice for `lang` ("vi", "en-GB"…): the same language, whatever its region. */
function voiceFor(lang: string): SpeechSynthesisVoice | undefined {
  const wanted = lang.toLowerCase().split("-")[0];
  return speechSynthesis.getVoices().find((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === wanted);
}

export function setUpHear(button: HTMLElement | null, question: HTMLElement | null, lang: string) {
  if (!button || !question || !lang || typeof speechSynthesis === "undefined") return;
  const offer = () => (button.hidden = !voiceFor(lang));
  offer();
  speechSynthesis.addEventListener("voiceschanged", offer);
  button.addEventListener("click", () => {
    const voice = voiceFor(lang);
    if (!voice) return;
    speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(question.textContent ?? "");
    utterance.voice = voice;
    utterance.lang = voice.lang;
    speechSynthesis.speak(utterance);
  });
}
