import type { EventData } from "#server/contracts/event-shape";
import type { FeeField } from "#server/contracts/fee-fields";
import { toISTInput } from "#app/utils/dates";
import * as s from "./create.css";
import { type Meta, RadioField, TextField } from "./fields";

const FEE_PER_OPTIONS = [
  { value: "registration", label: "Per registration (a team pays once)" },
  { value: "person", label: "Per person (each member pays)" },
];

/** Step 2's and step 3's fee fields as the form's defaults, from the saved event. */
export function feeDefaults(event: EventData) {
  return {
    fee: event.fee ? String(event.fee) : "",
    feePer: event.feePer,
    earlyFee: event.earlyFee !== null ? String(event.earlyFee) : "",
    earlyUntil: toISTInput(event.earlyUntil),
    upiId: event.upiId ?? "",
    payeeName: event.payeeName ?? "",
    holdMinutes: String(event.holdMinutes),
    refundPolicy: event.refundPolicy ?? "",
    gstin: event.gstin ?? "",
  };
}

/**
 * SPEC-4 §1: the fee in whole rupees (empty is free), who pays it, an early-bird fee, the UPI ID
 * and payee the money goes to straight, how long an unpaid place is held, the refund policy and
 * a GSTIN for receipts. Always sent (the block's `feePer` says the fees were on the form).
 */
export function FeeFields({ fields }: { fields: Record<FeeField, Meta> }) {
  return (
    <fieldset className={s.fieldset} data-testid="fee-fields">
      <legend>Fee (optional)</legend>
      <TextField
        meta={fields.fee}
        label="Fee in rupees"
        type="number"
        hint="Whole rupees. Leave empty for a free event. Paid by UPI straight to you."
      />
      <RadioField meta={fields.feePer} legend="Who pays" options={FEE_PER_OPTIONS} />
      <div className={s.grid2}>
        <TextField meta={fields.upiId} label="UPI ID" placeholder="club@okaxis" />
        <TextField meta={fields.payeeName} label="Payee name" />
      </div>
      <div className={s.grid2}>
        <TextField meta={fields.earlyFee} label="Early-bird fee (optional)" type="number" />
        <TextField
          meta={fields.earlyUntil}
          label="Early-bird ends (India time)"
          type="datetime-local"
        />
      </div>
      <TextField
        meta={fields.holdMinutes}
        label="Hold an unpaid place for (minutes)"
        type="number"
        hint="1 to 1440. The place is released if it is not paid in time."
      />
      <TextField meta={fields.refundPolicy} label="Refund policy (optional)" />
      <TextField meta={fields.gstin} label="GSTIN (optional)" hint="Printed on receipts" />
    </fieldset>
  );
}
