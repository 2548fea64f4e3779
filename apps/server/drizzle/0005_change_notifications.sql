-- Change notifications for the read cache (src/lib/read-cache.ts, plugins/read-cache.ts): when a
-- change to a holder's cached rows commits, the holder id is sent on the channel
-- 'pehchaan_holder_changed' to every server instance listening, whoever made the change.
-- PostgreSQL sends a notification only at commit and folds identical ones within a transaction.
CREATE OR REPLACE FUNCTION pehchaan_notify_holder_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pehchaan_holder_changed', COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credentials_holder_changed AFTER INSERT OR UPDATE OR DELETE ON credentials
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();
--> statement-breakpoint
CREATE TRIGGER consent_requests_holder_changed AFTER INSERT OR UPDATE OR DELETE ON consent_requests
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();
--> statement-breakpoint
-- A session's use (last_used_at, once a minute) is not announced; its end is.
CREATE TRIGGER sessions_ended AFTER UPDATE OF revoked_at, absolute_expires_at, user_id, token_hash ON sessions
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();
