// The staff screens of their own (spec 000 §2, staff): the org chart, the
// employee card with its actions, the firing wizard and, at /vacation,
// absences and the working calendar, and the employee list with its
// quick filters (the saved-filter list /staff/filter stays generic).
export { default as OrgChartRoute } from './OrgChart';
export { default as StaffCardRoute } from './StaffCard';
export { default as FireRoute } from './FirePage';
export { default as CalendarRoute } from './CalendarPage';
export { default as StaffListRoute } from './StaffListPage';
