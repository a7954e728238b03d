// The staff screens of their own (spec 000 §2, staff): the org chart, the
// employee card with its actions, the firing wizard and, at /vacation,
// absences and the working calendar. The lists are
// still the generic ones (app/routes/areaRoutes.tsx).
export { default as OrgChartRoute } from './OrgChart';
export { default as StaffCardRoute } from './StaffCard';
export { default as FireRoute } from './FirePage';
export { default as CalendarRoute } from './CalendarPage';
