import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { EVENT_TYPES } from "#server/contracts/constants";
import { NUMBER_TAKEN, step1Schema } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { AboutEditor } from "#app/components/events/create/AboutEditor";
import { BasicFields } from "#app/components/events/create/BasicFields";
import {
  freshEventNumber,
  loadOwnEvent,
  movedAfterSave,
  throwOnLostEvent,
  toApiForm,
} from "#app/utils/create.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { stepUrl } from "#app/utils/step-url";
import * as s from "#app/components/events/create/create.css";
import { LogoField } from "#app/components/events/create/fields";
import { StepHeader } from "#app/components/events/create/StepHeader";
import { LoadAboutButton } from "#app/components/events/create/LoadAboutButton";
import { SubmitButton } from "#app/components/events/create/SubmitButton";
import { useMoveAfterSave } from "#app/components/events/create/use-move-after-save";
import { callApi } from "#app/utils/api.server";
import { aboutFromForm, htmlToMarkdown } from "#app/utils/about-format.server";
import { requireUserForSave } from "#app/utils/guards.server";
import { restoredResult, takeStash } from "#app/utils/form-stash.server";
import { keepFiles, keptAfter, keptIds, keptInForm } from "#app/utils/kept-files.server";
import { stepMeta } from "#app/components/events/create/step-meta";
import { StepForm } from "#app/components/events/create/StepForm";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { OrgSelect } from "#app/components/orgs/OrgSelect";
import { ORG_MESSAGES, type Organisation } from "#server/contracts/orgs";

/** The logo picked with a refused form is kept (a pending upload) and shown as chosen. */
const KEPT = { eventLogo: "logo" } as const;

/** An About with no text left (the editor keeps an empty paragraph). */
const isBlankHtml = (html: string) =>
  !html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim();
/** Step 1's organisation as a refused form sent it (outside the schema, in Conform's payload). */
const submittedOrg = (value: unknown): string | undefined => {
  const org = (value as { orgHandle?: unknown } | undefined)?.orgHandle;
  return typeof org === "string" ? org : undefined;
};
const isType = (t: unknown): t is string =>
  typeof t === "string" && (EVENT_TYPES as readonly string[]).includes(t);

async function defaultAboutFor(
  request: Request,
  context: LoaderFunctionArgs["context"],
  type: unknown,
): Promise<string> {
  if (!isType(type)) return "";
  const res = await callApi<{ aboutEvent: string }>(
    request,
    context,
    `/event/content?type=${encodeURIComponent(type)}`,
  );
  return res.ok ? res.data.aboutEvent : "";
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, event } = await loadOwnEvent(request, context, params.eventNumber!, {
    allowNew: true,
  });
  // Back from /login after the session ended mid-save: what was typed then (issue 11).
  const kept = await takeStash(request, context, {
    eventNumber: params.eventNumber!,
    form: "step1",
  });
  const keptMarkdown = kept ? aboutFromForm(kept.formData) : null;
  const keptType = kept?.formData.get("eventType");
  const queryType = new URL(request.url).searchParams.get("type");
  const type = isType(keptType)
    ? keptType
    : (event?.eventType ?? (isType(queryType) ? queryType : null));
  const [defaultAbout, orgs] = await Promise.all([
    event?.aboutEvent ? "" : defaultAboutFor(request, context, type),
    callApi<Organisation[]>(request, context, "/my/orgs").then((r) =>
      r.ok ? r.data.map((o) => ({ handle: o.handle, name: o.name })) : [],
    ),
  ]);
  const keptAbout = kept?.formData.has("aboutEvent")
    ? String(kept.formData.get("aboutEvent"))
    : null;
  return data(
    {
      eventNumber: params.eventNumber!,
      event,
      type,
      defaultAbout,
      aboutMarkdown:
        keptMarkdown ?? htmlToMarkdown(keptAbout ?? (event?.aboutEvent || defaultAbout)),
      collegeName: user.collegeName ?? "",
      formConstraints: formConstraints({ step1: { hasLogo: false } }),
      orgs,
      kept: kept
        ? {
            result: restoredResult(kept.formData, step1Schema({ hasLogo: !!event?.eventLogo })),
            about: keptAbout,
          }
        : null,
    },
    { headers: kept?.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const eventNumber = params.eventNumber!;
  await requireUserForSave(request, context, { eventNumber, step: "step1" });
  const formData = await request.formData();
  // Without JavaScript the About comes as Markdown: HTML from here on, the typed text kept to show.
  const typedMarkdown = aboutFromForm(formData);
  const files = keptInForm(formData, KEPT);
  const hasLogo = formData.get("hasLogo") === "true" || !!files.eventLogo;
  const submission = parseWithZod(formData, { schema: step1Schema({ hasLogo }) });
  if (formData.get("intent") === "update") {
    // Without JavaScript: re-render with the venue revealed and the About of a newly picked type.
    const about = String(formData.get("aboutEvent") ?? "");
    const oldDefault = await defaultAboutFor(request, context, formData.get("aboutType"));
    const wasDefault =
      !about.trim() ||
      about === oldDefault ||
      (typedMarkdown !== null && typedMarkdown.trim() === htmlToMarkdown(oldDefault).trim());
    const nextAbout = wasDefault
      ? await defaultAboutFor(request, context, formData.get("eventType"))
      : about;
    return data({
      result: submission.reply(),
      keptFiles: await keepFiles(request, context, formData, KEPT),
      about: nextAbout || about,
      aboutMarkdown: nextAbout === about ? typedMarkdown : htmlToMarkdown(nextAbout || about),
    });
  }
  const typed = { about: formData.has("aboutEvent") ? String(formData.get("aboutEvent")) : null };
  const failed = { ...typed, aboutMarkdown: typedMarkdown };
  const tooLarge = replyTooLarge(submission, formData);
  if (tooLarge) return data({ result: tooLarge, ...failed, keptFiles: files }, 413);
  if (submission.status !== "success") {
    const keptNow = await keepFiles(request, context, formData, KEPT);
    return data({ result: submission.reply(), ...failed, keptFiles: keptNow }, 400);
  }

  const send = (n: string) =>
    callApi<EventData>(request, context, `/event/create/${n}/step1`, {
      body: {
        form: toApiForm({
          ...submission.value,
          eventNumber: n,
          ...keptIds(formData, files),
          // Only when the select was shown: an organiser without organisations leaves it as it is.
          ...(formData.has("orgHandle") ? { orgHandle: String(formData.get("orgHandle")) } : {}),
        }),
      },
    });
  let res = await send(eventNumber);
  let savedAs = eventNumber;
  // The number is someone else's: save under a fresh one and tell the organiser.
  for (
    let attempt = 0;
    res.status === 409 && res.message === NUMBER_TAKEN && attempt < 5;
    attempt++
  ) {
    savedAs = freshEventNumber(attempt);
    res = await send(savedAs);
  }
  if (res.ok) {
    const message =
      savedAs === eventNumber
        ? "Step I completed successfully"
        : `Step I completed successfully. Event number ${eventNumber} was taken, so your event now has number ${savedAs}.`;
    return movedAfterSave(formData, stepUrl(savedAs, "step2", res.data.eventType), message);
  }
  // Not an admin of the organisation chosen (any more): its select's error, not a lost event.
  const notOrgAdmin = res.status === 403 && res.message === ORG_MESSAGES.notAdmin;
  if (!notOrgAdmin) await throwOnLostEvent(request, res);
  const keptNow = keptAfter(await keepFiles(request, context, formData, KEPT), res);
  const result = notOrgAdmin
    ? submission.reply({ fieldErrors: { orgHandle: [res.message] } })
    : replyWithApiErrors(submission, res);
  return data({ result, ...failed, keptFiles: keptNow }, res.status);
}

export default function Step1() {
  const { eventNumber, event, type, defaultAbout, aboutMarkdown, collegeName, orgs, kept } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useMoveAfterSave((actionData as { next?: string } | undefined)?.next);
  const keptFiles = actionData && "keptFiles" in actionData ? actionData.keptFiles : undefined;
  const hasLogo = !!event?.eventLogo || !!keptFiles?.eventLogo;
  const initialAbout =
    (actionData && "about" in actionData ? actionData.about : null) ??
    kept?.about ??
    event?.aboutEvent ??
    defaultAbout;
  const [about, setAbout] = useState({
    html: initialAbout,
    key: 0,
    isDefault: kept?.about != null ? isBlankHtml(kept.about) : !event?.aboutEvent,
    type,
  });

  const [form, fields] = useForm({
    id: "event-step1",
    lastResult: actionData?.result ?? kept?.result,
    constraint: useFormConstraint("step1"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      eventType: type ?? "",
      eventName: event?.eventName ?? "",
      organisationName: event?.organisationName ?? collegeName,
      festivalName: event?.festivalName ?? "",
      eventWebsite: event?.eventWebsite ?? "",
      modeOfEvent: event?.modeOfEvent ?? "",
      countryName: event?.countryName ?? "",
      stateName: event?.stateName ?? "",
      cityName: event?.cityName ?? "",
      locationName: event?.locationName ?? "",
      aboutEvent: initialAbout,
      version: event ? String(event.version) : "",
    },
    onValidate: useFormValidation("step1", { hasLogo }),
  });

  // With JavaScript, a new type brings its default About unless the organiser has written their own.
  async function changeType(next: string) {
    if (!about.isDefault || !isType(next)) return;
    const res = await fetch(`/api/v1/event/content?type=${encodeURIComponent(next)}`);
    if (!res.ok) return;
    const { aboutEvent } = (await res.json()) as { aboutEvent: string };
    // Typed while the text was on its way: the organiser's words win.
    setAbout((a) =>
      a.isDefault ? { html: aboutEvent, key: a.key + 1, isDefault: true, type: next } : a,
    );
  }

  return (
    <section className={s.page}>
      <StepHeader step={1} title="Create Event" eventNumber={eventNumber} />
      <StepForm form={form} version={fields.version} multipart>
        <input type="hidden" name="hasLogo" value={event?.eventLogo ? "true" : "false"} />
        <input type="hidden" name="aboutType" value={about.type ?? ""} />
        <LogoField
          meta={fields.eventLogo}
          kept={keptFiles?.eventLogo}
          label="Event Logo"
          hint={
            hasLogo
              ? "Choose a file only to replace the current logo. Up to 10 MB."
              : "A square picture works best. Up to 10 MB."
          }
          logo={event?.eventLogo}
        />
        <BasicFields fields={fields} onTypeChange={changeType} />
        <OrgSelect
          orgs={orgs}
          current={event?.org ?? null}
          submitted={submittedOrg(form.initialValue)}
          errors={form.allErrors.orgHandle}
        />
        <LoadAboutButton />
        <AboutEditor
          meta={fields.aboutEvent}
          initialHtml={about.html}
          markdown={
            (actionData && "aboutMarkdown" in actionData ? actionData.aboutMarkdown : null) ??
            aboutMarkdown
          }
          resetKey={String(about.key)}
          onHtml={(html) => {
            // Any change the editor makes (typing, pasting, Enter, the toolbar) is the organiser's
            // own text, unless it left the field empty.
            const isDefault = isBlankHtml(html);
            setAbout((a) => (a.isDefault === isDefault ? a : { ...a, isDefault }));
          }}
        />
        <div className={s.actions}>
          <SubmitButton name="intent" value="save">
            Next
          </SubmitButton>
        </div>
      </StepForm>
    </section>
  );
}

export const meta: MetaFunction = () =>
  stepMeta(1, "the event's name, type, mode, place and description.");

export { EditRefused as ErrorBoundary } from "#app/components/events/create/EditRefused";
