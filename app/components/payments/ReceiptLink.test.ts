import { describe, expect, it } from "vitest";
import type { PaymentData } from "#server/contracts/payments";
import type { TeamData } from "#server/contracts/registration";
import { paidByViewer } from "./ReceiptLink";

const payment = (status: PaymentData["status"]) => ({ status }) as PaymentData;
const team = { leaderId: "lead" } as TeamData;

describe("whose paid place has a receipt (SPEC-4 §3)", () => {
  it("an individual's paid payment is theirs; a pending or refunded one has none", () => {
    const event = { feePer: "registration" as const };
    expect(paidByViewer(event, { payment: payment("paid"), team: null }, "me")).toBe(true);
    expect(paidByViewer(event, { payment: payment("claimed"), team: null }, "me")).toBe(false);
    expect(paidByViewer(event, { payment: payment("refunded"), team: null }, "me")).toBe(false);
    expect(paidByViewer(event, { payment: null, team: null }, "me")).toBe(false);
  });

  it("a team's fee is the leader's to show; fees per person are each member's", () => {
    const paid = { payment: payment("paid"), team };
    expect(paidByViewer({ feePer: "registration" }, paid, "lead")).toBe(true);
    expect(paidByViewer({ feePer: "registration" }, paid, "member")).toBe(false);
    expect(paidByViewer({ feePer: "person" }, paid, "member")).toBe(true);
  });
});
