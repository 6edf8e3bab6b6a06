import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GENDERS } from "#server/contracts/constants";
import { profileFormSchema } from "#server/contracts/user";
import { CourseField } from "#app/components/CourseOptions";
import { Field, TextField } from "#app/components/Field";
import { AvatarPicker } from "#app/components/accounts/AvatarPicker";
import { CalendarFeed } from "#app/components/saves/CalendarFeed";
import { FollowingMailsSwitch, RemindersSwitch } from "#app/components/saves/RemindersSwitch";
import { PublicProfileForm } from "#app/components/profiles/PublicProfileForm";
import { savePublicProfile } from "#app/components/profiles/public-profile.server";
import { MyOrgs } from "#app/components/orgs/MyOrgs";
import type { Organisation } from "#server/contracts/orgs";
import * as s from "#app/components/accounts/Profile.css";
import { FormErrorToast } from "#app/components/Toast";
import { button, input } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { keepFiles, keptAfter, keptIds, keptInForm } from "#app/utils/kept-files.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useOptionalUser } from "#app/utils/use-user";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

const schema = profileFormSchema;
/** An avatar picked with a refused form is kept (a pending upload) and shown as chosen. */
const KEPT = { profileImg: "avatar" } as const;
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: "Male", female: "Female" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [feed, orgs] = await Promise.all([
    callApi<{ url: string }>(request, context, "/user/calendar"),
    callApi<Organisation[]>(request, context, "/my/orgs"),
  ]);
  return data({
    calendarUrl: feed.ok ? feed.data.url : null,
    orgs: orgs.ok ? orgs.data : [],
    formConstraints: formConstraints({ profile: {}, publicProfile: {} }),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "reset-calendar") {
    const res = await callApi(request, context, "/user/calendar/reset", { method: "POST" });
    return redirectWithToast(
      "/profile#calendar",
      res.ok
        ? { type: "success", message: "New calendar link made: the old one no longer works" }
        : { type: "error", message: res.message },
    );
  }
  if (formData.get("intent") === "public-profile")
    return savePublicProfile(request, context, formData);
  const submission = parseWithZod(formData, { schema });
  // A File cannot travel back in the action's answer; the picker starts empty again anyway.
  const hideFields = ["profileImg"];
  const kept = keptInForm(formData, KEPT);
  const tooLarge = replyTooLarge(submission, formData, { hideFields });
  if (tooLarge) return data({ result: tooLarge, kept }, { status: 413 });
  if (submission.status !== "success") {
    const keptNow = await keepFiles(request, context, formData, KEPT);
    return data({ result: submission.reply({ hideFields }), kept: keptNow }, { status: 400 });
  }
  // Conform already dropped the empty strings (SPEC §5); the rest goes to the API as multipart.
  const { profileImg, emailReminders, emailFollowing, ...fields } = submission.value;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value);
  // The reminder switch is a checkbox: unticked, the browser sends nothing, which here means off.
  form.append("emailReminders", String(emailReminders ?? false));
  form.append("emailFollowing", String(emailFollowing ?? false));
  if (profileImg) form.append("profileImg", profileImg);
  for (const [name, id] of Object.entries(keptIds(formData, kept))) form.append(name, id);
  const res = await callApi(request, context, "/user/profile", { body: { form } });
  if (!res.ok) {
    const keptNow = keptAfter(await keepFiles(request, context, formData, KEPT), res);
    return data(
      {
        result: replyWithApiErrors(submission, res, { hideFields, fileField: "profileImg" }),
        kept: keptNow,
      },
      { status: res.status },
    );
  }
  return redirectWithToast("/profile", {
    type: "success",
    message: "Profile Updated Successfully",
  });
}

export default function Profile() {
  const user = useOptionalUser();
  const { calendarUrl, orgs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: useFormConstraint("profile"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("profile", {}),
    defaultValue: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      gender: user?.gender ?? "",
      course: user?.course ?? "",
      courseSpecialisation: user?.courseSpecialisation ?? "",
      collegeName: user?.collegeName ?? "",
      location: user?.location ?? "",
      emailReminders: user?.emailReminders !== false,
      emailFollowing: user?.emailFollowing !== false,
    },
  });
  const { key: genderKey, ...gender } = getSelectProps(fields.gender);
  return (
    <section className={s.page}>
      <h1>Profile</h1>
      <div className={s.card}>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
          <FormErrorToast errors={form.errors} id={form.errorId} />
          <AvatarPicker
            meta={fields.profileImg}
            current={user?.profileImg}
            kept={actionData && "kept" in actionData ? actionData.kept?.profileImg : undefined}
          />
          <div className={s.grid}>
            <TextField meta={fields.firstName} label="First Name" autoComplete="given-name" />
            <TextField meta={fields.lastName} label="Last Name" autoComplete="family-name" />
            <Field label="Email Address" htmlFor="profile-email" errorId="profile-email-error">
              <input
                id="profile-email"
                type="email"
                value={user?.email ?? ""}
                disabled
                readOnly
                className={input()}
              />
            </Field>
            <Field label="Gender" meta={fields.gender}>
              <select key={genderKey} {...gender} className={input()}>
                <option value="">Select gender</option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_LABELS[g]}
                  </option>
                ))}
              </select>
            </Field>
            <CourseField meta={fields.course} />
            <TextField meta={fields.courseSpecialisation} label="Course Specialisation" />
            <TextField meta={fields.collegeName} label="College Name" autoComplete="organization" />
            <TextField meta={fields.location} label="Location" autoComplete="address-level2" />
          </div>
          <RemindersSwitch meta={fields.emailReminders} />
          <FollowingMailsSwitch meta={fields.emailFollowing} />
        </Form>
        {/* Logout is its own POST form; its button sits beside Save through the form attribute. */}
        <Form id="logout-form" method="post" action="/logout" />
        <div className={s.actions}>
          <button type="submit" form="logout-form" className={button({ tone: "secondary" })}>
            Logout
          </button>
          <button type="submit" form={form.id} className={button()} disabled={busy && !intent}>
            Save
          </button>
        </div>
        <PublicProfileForm
          handle={user?.handle ?? null}
          isPublic={user?.publicProfile === true}
          lastResult={
            actionData && "publicResult" in actionData ? actionData.publicResult : undefined
          }
          busy={busy && intent === "public-profile"}
        />
        <MyOrgs orgs={orgs} />
        <CalendarFeed url={calendarUrl} />
      </div>
    </section>
  );
}

// SPEC §2 (Shared layout) gives this page its own title, "Profile", without the product name.
export const meta: MetaFunction = () => [
  { title: "Profile" },
  {
    name: "description",
    content:
      "Your Utsav profile: name, college, course, avatar, e-mail reminders, calendar feed and public profile.",
  },
];
