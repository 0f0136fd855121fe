// Every API test checks that each shaped query (built once and reused) runs the SQL the
// query built from the request's own values would have run.
import { checkQueryShapes } from '../../../src/server/db/query-shapes';

checkQueryShapes(true);
