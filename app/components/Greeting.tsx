import { useEffect, useState } from "react";
import { visuallyHidden } from "#app/styles/global.css";
import * as s from "./Greeting.css";

/** Hello in the four languages the home page rotates through. */
export const GREETINGS = ["Hello", "नमस्ते", "Hola", "Bonjour"] as const;

const TYPE_MS = 110;
// Whole graphemes, so Devanagari letters and their marks appear together.
const graphemes = (word: string) =>
  typeof Intl.Segmenter === "function"
    ? Array.from(
        new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(word),
        (g) => g.segment,
      )
    : [...word];
const ERASE_MS = 60;
// The comma is typed with its word, so the caret follows it: "Hello,▍ Guest User", never a caret
// wedged between the word and its comma ("Hello▍, Guest User" reads as "Hello , Guest User").
const typed = (index: number) => `${GREETINGS[index]},`;
const HOLD_MS = 1600;

/**
 * A typed greeting rotating through English, Hindi, Spanish and French. The server renders the
 * English text, which stays as is without JavaScript or under prefers-reduced-motion.
 */
export function Greeting({ name }: { name: string }) {
  const [text, setText] = useState<string>(typed(0));
  const [animating, setAnimating] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setAnimating(true);
    let index = 0;
    let length = graphemes(typed(0)).length;
    let erasing = true;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const word = graphemes(typed(index));
      if (erasing) {
        length -= 1;
        if (length <= 0) {
          erasing = false;
          index = (index + 1) % GREETINGS.length;
          length = 0;
        }
        setText(word.slice(0, Math.max(0, length)).join(""));
        timer = setTimeout(step, ERASE_MS);
      } else {
        const next = graphemes(typed(index));
        length += 1;
        setText(next.slice(0, length).join(""));
        if (length >= next.length) {
          erasing = true;
          timer = setTimeout(step, HOLD_MS);
        } else {
          timer = setTimeout(step, TYPE_MS);
        }
      }
    };
    timer = setTimeout(step, HOLD_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <h1 className={s.greeting} data-testid="greeting">
      <span className={visuallyHidden}>Hello, {name}</span>
      <span aria-hidden="true">
        {text}
        {animating ? <span className={s.caret} /> : null} <span className={s.name}>{name}</span>
      </span>
    </h1>
  );
}
