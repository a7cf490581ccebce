import ICAL from 'ical.js';

export interface Invite {
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** An iCalendar (RFC 5545) invitation with one event, written by ical.js. */
export function inviteIcs(i: Invite): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//Switchboard//Bookings//EN');
  cal.updatePropertyWithValue('version', '2.0');
  cal.updatePropertyWithValue('method', 'REQUEST');
  const ev = new ICAL.Component('vevent');
  ev.updatePropertyWithValue('uid', i.uid);
  ev.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  ev.updatePropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(i.start), true));
  ev.updatePropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(i.end), true));
  ev.updatePropertyWithValue('summary', i.summary);
  ev.updatePropertyWithValue('description', i.description);
  const organizer = ev.addPropertyWithValue('organizer', `mailto:${i.organizer.email}`);
  organizer.setParameter('cn', i.organizer.name);
  const attendee = ev.addPropertyWithValue('attendee', `mailto:${i.attendee.email}`);
  attendee.setParameter('cn', i.attendee.name);
  attendee.setParameter('rsvp', 'TRUE');
  cal.addSubcomponent(ev);
  return cal.toString();
}
