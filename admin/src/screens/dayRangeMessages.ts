/** The range picker's texts (`app.day_range.*` where the admin's catalogue has them). */
export const messages = {
  de: {
    range: 'Zeitraum',
    start: 'Von',
    end: 'Bis',
    too_early: 'Frühestens %{day}',
    shortcuts: { yesterday: 'Gestern', week: '7 Tage', month: '30 Tage' },
  },
  en: {
    range: 'Date range',
    start: 'From',
    end: 'To',
    too_early: 'From %{day} at the earliest',
    shortcuts: { yesterday: 'Yesterday', week: '7 days', month: '30 days' },
  },
};
