import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { Form } from "@remix-run/react";
import type { CouponData } from "#server/contracts/payments";
import { formatRupees } from "#app/components/events/format";
import { Field, FormRefusal } from "#app/components/Field";
import { IntentButton } from "#app/components/IntentButton";
import * as o from "#app/components/organiser/Organiser.css";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";
import { type StackColumn, StackTable } from "#app/components/organiser/StackTable";
import { button, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import { couponStatus, discountWords, usesWords } from "./coupon-words";
import * as s from "./Coupons.css";

/**
 * SPEC-4 §1's coupons, for the owner and admins of a paid event: the list with uses, limit, end
 * and status, 'Disable' (asked first), and the create form, whose refusals ('This code already
 * exists', 'Invalid discount', …) show at their fields, with JavaScript or without.
 */
export function CouponsPanel({
  coupons,
  fee,
  now,
  lastResult,
  busy,
}: {
  coupons: CouponData[];
  fee: number;
  now: number;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const columns: StackColumn<CouponData>[] = [
    { label: "Code", cell: (c) => <span className={s.code}>{c.code}</span> },
    { label: "Discount", cell: (c) => discountWords(c) },
    { label: "Uses", cell: (c) => usesWords(c) },
    {
      label: "Valid until",
      cell: (c) => (c.validUntil ? formatDateTimeIST(c.validUntil) : "No end"),
    },
    {
      label: "Status",
      cell: (c) => {
        const status = couponStatus(c, now);
        return <span className={status === "Active" ? undefined : s.disabled}>{status}</span>;
      },
    },
    {
      label: "Actions",
      cell: (c) =>
        c.disabled ? null : (
          <IntentButton
            intent="disable-coupon"
            fields={{ couponId: c._id, code: c.code }}
            label="Disable"
            tone="danger"
            busy={busy}
          />
        ),
    },
  ];
  return (
    <OrganiserSection id="coupons" title="Coupons">
      <p className={o.muted}>
        A coupon takes a percentage or an amount off the fee ({formatRupees(fee)}) for whoever types
        its code when registering. A use is given back when an unpaid place is released.
      </p>
      {coupons.length === 0 ? (
        <p className={o.muted}>No coupons yet.</p>
      ) : (
        <StackTable
          columns={columns}
          rows={coupons}
          rowKey={(c) => c._id}
          rowTestId="coupon"
          data-testid="coupons"
          aria-labelledby="coupons-title"
        />
      )}
      {/* A new coupon remounts the form empty: with JavaScript the page is not reloaded. */}
      <CouponForm key={coupons[0]?._id ?? "none"} lastResult={lastResult} fee={fee} busy={busy} />
    </OrganiserSection>
  );
}

function CouponForm({
  lastResult,
  fee,
  busy,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  fee: number;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "coupon",
    lastResult,
    constraint: useFormConstraint("coupon"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("coupon", {}),
  });
  return (
    <>
      <h3>New coupon</h3>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-coupon" />
        <FormRefusal errors={form.errors} />
        <div className={s.fields}>
          <Field label="Code" meta={fields.code} hint="4 to 20 letters and digits">
            <input
              {...getInputProps(fields.code, { type: "text" })}
              autoComplete="off"
              className={input()}
            />
          </Field>
          <Field label="Kind" meta={fields.kind}>
            <select {...getSelectProps(fields.kind)} className={input()}>
              <option value="">Choose a kind</option>
              <option value="percent">Percentage off</option>
              <option value="amount">Amount off (₹)</option>
            </select>
          </Field>
          <Field
            label="Discount"
            meta={fields.value}
            hint={`A percentage from 1 to 100, or an amount from ₹1 to ${formatRupees(fee)}`}
          >
            <input
              {...getInputProps(fields.value, { type: "number" })}
              inputMode="numeric"
              className={input()}
            />
          </Field>
          <Field label="Uses (optional)" meta={fields.maxUses} hint="Empty is no limit">
            <input
              {...getInputProps(fields.maxUses, { type: "number" })}
              inputMode="numeric"
              className={input()}
            />
          </Field>
          <Field label="Valid until (India time, optional)" meta={fields.validUntil}>
            <input
              {...getInputProps(fields.validUntil, { type: "datetime-local" })}
              className={input()}
            />
          </Field>
        </div>
        <button type="submit" className={button()} disabled={busy}>
          Create coupon
        </button>
      </Form>
    </>
  );
}
