import { AboutEditor } from "#app/components/events/create/AboutEditor";
import { Panel } from "./Panel";
import { type PanelProps, useSectionForm } from "./use-section-form";

export function AboutPanel({
  event,
  lastResult,
  closeHref,
  onPreview,
  aboutMarkdown = "",
}: PanelProps) {
  const [form, fields] = useSectionForm({
    section: "about",
    event,
    lastResult,
    defaultValue: { aboutEvent: event.aboutEvent ?? "" },
  });
  // The editor reports its HTML itself (it is not a plain field), so it feeds the preview directly.
  const initial =
    (lastResult?.initialValue?.aboutEvent as string | undefined) ?? event.aboutEvent ?? "";
  return (
    <Panel section="about" form={form} version={fields.version} closeHref={closeHref}>
      <AboutEditor
        meta={fields.aboutEvent}
        initialHtml={initial}
        markdown={aboutMarkdown}
        onHtml={(html) => onPreview({ aboutEvent: html })}
      />
    </Panel>
  );
}
