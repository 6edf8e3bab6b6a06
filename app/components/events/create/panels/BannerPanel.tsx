import * as s from "#app/components/events/create/create.css";
import { FileField, IMAGE_TYPES } from "#app/components/events/create/fields";
import { Panel } from "./Panel";
import { type PanelProps, useSectionForm } from "./use-section-form";

export function BannerPanel({ event, lastResult, closeHref, kept }: PanelProps) {
  const hasBanner = !!event.eventBanner || !!kept?.eventBanner;
  const [form, fields] = useSectionForm({
    section: "banner",
    hasBanner,
    event,
    lastResult,
  });
  return (
    <Panel section="banner" form={form} version={fields.version} closeHref={closeHref} multipart>
      <input type="hidden" name="hasBanner" value={event.eventBanner ? "true" : "false"} />
      <FileField
        meta={fields.eventBanner}
        kept={kept?.eventBanner}
        label="Event Banner"
        accept={IMAGE_TYPES}
        hint="A wide picture (about 1600 × 600) works best. Up to 10 MB."
        current={
          event.eventBanner ? (
            <img src={event.eventBanner} alt="Current banner" className={s.bannerThumb} />
          ) : null
        }
      />
    </Panel>
  );
}
