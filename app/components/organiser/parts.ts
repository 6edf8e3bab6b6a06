import { lazyPart } from "#app/utils/lazy-part";

/**
 * The organiser page's panels, each loaded after the page (`lazyPart`, decision 040): the page
 * shows one section at a time (decision 033), so its first load needs only that section's code,
 * and the rest is preloaded once the browser is idle. The server renders them in full, as before.
 */
export const InsightsPanel = lazyPart(() =>
  import("#app/components/organiser/InsightsPanel").then((m) => m.InsightsPanel),
);
export const RegistrationsPanel = lazyPart(() =>
  import("#app/components/organiser/RegistrationsPanel").then((m) => m.RegistrationsPanel),
);
export const CouponsPanel = lazyPart(() =>
  import("#app/components/payments/CouponsPanel").then((m) => m.CouponsPanel),
);
export const SubmissionsPanel = lazyPart(() =>
  import("#app/components/submissions/SubmissionsPanel").then((m) => m.SubmissionsPanel),
);
export const UpdatesPanel = lazyPart(() =>
  import("#app/components/organiser/UpdatesPanel").then((m) => m.UpdatesPanel),
);
export const QuizRoundsPanel = lazyPart(() =>
  import("#app/components/quiz/QuizRoundsPanel").then((m) => m.QuizRoundsPanel),
);
export const ResultsPanel = lazyPart(() =>
  import("#app/components/organiser/ResultsPanel").then((m) => m.ResultsPanel),
);
export const JudgingPanel = lazyPart(() =>
  import("#app/components/judging/JudgingPanel").then((m) => m.JudgingPanel),
);
export const WinnersPanel = lazyPart(() =>
  import("#app/components/organiser/WinnersPanel").then((m) => m.WinnersPanel),
);
export const CertificatesPanel = lazyPart(() =>
  import("#app/components/certificates/CertificatesPanel").then((m) => m.CertificatesPanel),
);
export const TeamPanel = lazyPart(() =>
  import("#app/components/team/TeamPanel").then((m) => m.TeamPanel),
);
export const ActivityPanel = lazyPart(() =>
  import("#app/components/team/ActivityPanel").then((m) => m.ActivityPanel),
);
export const RolePanel = lazyPart(() =>
  import("#app/components/team/ActivityPanel").then((m) => m.RolePanel),
);

/** Every panel of a manager's view, to preload. */
export const MANAGER_PANELS = [
  InsightsPanel,
  RegistrationsPanel,
  CouponsPanel,
  SubmissionsPanel,
  UpdatesPanel,
  QuizRoundsPanel,
  ResultsPanel,
  JudgingPanel,
  WinnersPanel,
  CertificatesPanel,
  TeamPanel,
  ActivityPanel,
];
