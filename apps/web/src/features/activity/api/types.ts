// GET /api/activity (docs/decisions.md §30.7): the server's own schema's types.
export {
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityKind,
  type ActivityList as ActivityPage,
} from '@rankmaps/shared/schemas/activity';
