import type { Step3SectionId } from "#server/contracts/step3-sections";
import { AboutPanel } from "./AboutPanel";
import { BannerPanel } from "./BannerPanel";
import { BasicPanel } from "./BasicPanel";
import { DatesPanel } from "./DatesPanel";
import { PrizesPanel } from "./PrizesPanel";
import { RoundsPanel } from "./RoundsPanel";
import type { PanelProps } from "./use-section-form";

export type { Overlay, PanelProps } from "./use-section-form";

/** The side panel of each step-3 section; a section missing here does not compile. */
export const PANELS: Record<Step3SectionId, (props: PanelProps) => JSX.Element> = {
  banner: BannerPanel,
  basic: BasicPanel,
  about: AboutPanel,
  dates: DatesPanel,
  rounds: RoundsPanel,
  prizes: PrizesPanel,
};
