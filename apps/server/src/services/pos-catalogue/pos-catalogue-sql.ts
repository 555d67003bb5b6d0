/**
 * The till's catalogue in SQL (decision 0096). PostgreSQL builds each product's compact form as JSON
 * text: defaults are left out (no SKUs, not weighed, selling), and nulls stripped.
 */

/** What the POS may sell: not a draft or discontinued, and offered at the counter. Sold-out goods stay (the ledger decides). */
export const SELLABLE = `p.status in ('selling', 'soldOut', 'auto_soldOut') and p.avail in ('pos', 'both')`

/** `categories` and the older single `category`, as one list without repeats. */
const categories = `coalesce(p.categories, '[]'::jsonb) || case
    when p.category is not null and not coalesce(p.categories, '[]'::jsonb) @> jsonb_build_array(p.category::text) then jsonb_build_array(p.category::text)
    else '[]'::jsonb end`

/** The SKUs a scan or a pick needs: id, barcode, name, own price. */
const skus = `(select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('id', s -> 'id', 'code', s -> 'code', 'name', s -> 'name', 'price', s -> 'price')))
    from jsonb_array_elements(case when jsonb_typeof(p.skus) = 'array' then p.skus else '[]'::jsonb end) s)`

/** The first image: an attachment id (shown from /api/thumbs/<id>) or an outside address. */
const image = `coalesce(p.images -> 0 ->> 'attachment', p.images -> 0 ->> 'src')`

const compact = `jsonb_strip_nulls(jsonb_build_object(
    '_id', p._id::text, 'name', p.name, 'price', p.price, 'posCode', p."posCode", 'categories', ${categories},
    'brand', p.brand::text, 'tags', nullif(p.tags, '[]'::jsonb), 'skus', ${skus},
    'weightType', nullif(p."weightType", 'none'), 'weightUnit', p."weightUnit", 'image', ${image},
    'status', nullif(p.status, 'selling'), 'ageRestricted', case when p."ageRestricted" then true end))`

// The lean form's row, in the shared POS_ROW_FIELDS order (decision 0144).
const row = `jsonb_build_array(p._id::text, p.name, p.price, p."posCode", ${categories}, p.brand::text, nullif(p.tags, '[]'::jsonb),
    ${skus}, nullif(p."weightType", 'none'), p."weightUnit", ${image}, nullif(p.status, 'selling'),
    case when p."ageRestricted" then true end)`

/** Every sellable product's compact JSON text and lean row, in _id order: texts, so neither side parses what it only passes on. */
export const compactRows = `select p._id, ${compact}::text as json, ${row}::text as row from products p where p.shop = ? and ${SELLABLE} order by p._id`

/** Products changed after `?`: the compact text of those the POS may sell, null for the others (no longer sold). */
export const changedRows = `select p._id, case when ${SELLABLE} then ${compact}::text end as json,
  case when ${SELLABLE} then ${row}::text end as row
  from products p where p.shop = ? and p."updatedAt" > ? order by p._id`

/** The newest change of the shop's products and how many the POS may sell now. */
export const catalogueState = `select max(p."updatedAt") as version, (count(*) filter (where ${SELLABLE}))::int as total
  from products p where p.shop = ?`
