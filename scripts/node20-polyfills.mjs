// better-auth's CLI (its Prisma parser) calls Object.groupBy, which Node 20 lacks. Only the
// `npm run auth:generate` script loads this file; the app does not need it.
if (!Object.groupBy) {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let i = 0;
    for (const item of items) (groups[keyOf(item, i++)] ??= []).push(item);
    return groups;
  };
}
