import { Link } from "@remix-run/react";
import type { TicketData } from "#server/contracts/check-in";
import { formatDateTimeIST } from "#app/utils/dates";
import type { TicketWhen } from "./ticket-facts";
import * as s from "./Ticket.css";

export interface TicketView extends TicketData, TicketWhen {
  qr: { size: number; d: string };
}

/** A person's ticket (SPEC-3 §5): the QR drawn on the server, the short code, who and where. */
export function TicketCard({ ticket }: { ticket: TicketView }) {
  return (
    <article className={s.ticket} data-testid="ticket">
      <h1 className={s.name}>{ticket.eventName}</h1>
      <svg
        className={s.qr}
        viewBox={`0 0 ${ticket.qr.size} ${ticket.qr.size}`}
        role="img"
        aria-label={`Ticket QR code, short code ${ticket.shortCode}`}
        data-code={ticket.code}
      >
        <rect width={ticket.qr.size} height={ticket.qr.size} fill="#fff" />
        <path d={ticket.qr.d} fill="#000" />
      </svg>
      <p className={s.shortCode} data-testid="short-code">
        {ticket.shortCode}
      </p>
      <dl className={s.facts}>
        <dt>
          <strong>{ticket.name}</strong>
        </dt>
        {ticket.teamName ? <dd>Team {ticket.teamName}</dd> : null}
        {ticket.date ? (
          <dd data-testid="ticket-date">
            {ticket.roundTitle ? `${ticket.roundTitle}: ` : ""}
            {formatDateTimeIST(ticket.date)}
          </dd>
        ) : null}
        {ticket.place ? <dd data-testid="ticket-place">{ticket.place}</dd> : null}
        <dd>Event {ticket.eventNumber}</dd>
      </dl>
      {ticket.checkedInAt ? (
        <p className={s.checked}>Checked in at {formatDateTimeIST(ticket.checkedInAt)}</p>
      ) : null}
      <p className={s.noPrint}>
        <Link to={`/event/${ticket.eventNumber}`}>Event page</Link>
      </p>
    </article>
  );
}
