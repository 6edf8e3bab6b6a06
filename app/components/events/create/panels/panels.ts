import type { Step3SectionId } from "#server/contracts/step3-sections";
import { type LazyPart, lazyPart } from "#app/utils/lazy-part";
import type { PanelProps } from "./use-section-form";

export type { Overlay, PanelProps } from "./use-section-form";

/**
 * The side panel of each step-3 section; a section missing here does not compile. Each is loaded
 * after the page (`lazyPart`, decision 040): the summary needs none of them, a section one.
 */
export const PANELS: Record<Step3SectionId, LazyPart<PanelProps>> = {
  banner: lazyPart(() => import("./BannerPanel").then((m) => m.BannerPanel)),
  basic: lazyPart(() => import("./BasicPanel").then((m) => m.BasicPanel)),
  about: lazyPart(() => import("./AboutPanel").then((m) => m.AboutPanel)),
  dates: lazyPart(() => import("./DatesPanel").then((m) => m.DatesPanel)),
  rounds: lazyPart(() => import("./RoundsPanel").then((m) => m.RoundsPanel)),
  prizes: lazyPart(() => import("./PrizesPanel").then((m) => m.PrizesPanel)),
};
