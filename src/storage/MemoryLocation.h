#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

// Where the memory lives, decided in this one place for the app and engram-cli: the file named
// by --db or $ENGRAM_DB, the server chosen in the app's Settings → Memory Storage, or the default
// file; a server is named by a URL (postgresql://user@host:port/dbname?sslmode=…). A password
// never comes from here: it comes from PGPASSWORD, ~/.pgpass or the keychain, so a URL that
// carries one is refused rather than kept in a settings file or shown in a process list.
class MemoryLocation final
{
public:
    enum class Kind
    {
        File,
        Server
    };

    // The key of the app's settings (QSettings, organisation and application "engram") under
    // which Settings → Memory Storage keeps its server's URL; engram-cli reads it too, so that
    // a script or another AI tool (engram-cli mcp) works on the memory the app shows.
    static constexpr char kSavedServerKey[] = "storage/server";

    // `given`: the --db value (empty when not given); then $ENGRAM_DB; then `savedServer` (the
    // URL under kSavedServerKey, empty when none); then the default file.
    static Result<MemoryLocation> resolve(const QString& given = {}, const QString& savedServer = {});
    // A path, or a postgresql:// (or postgres://) URL.
    static Result<MemoryLocation> parse(const QString& text);
    static MemoryLocation defaultFile();

    Kind kind() const { return m_kind; }
    bool isFile() const { return m_kind == Kind::File; }
    // Named by the user (--db, $ENGRAM_DB) rather than the default: a named file's folder must exist.
    bool isChosen() const { return m_chosen; }
    // File: the path as given.
    const QString& filePath() const { return m_path; }

    // Server: the URL's parts (empty when not given; libpq's defaults then apply).
    const QString& host() const { return m_host; }
    int port() const { return m_port; } // 0: not given
    const QString& databaseName() const { return m_database; }
    const QString& userName() const { return m_user; }
    // libpq connection options from the URL's query, e.g. "sslmode=verify-full;connect_timeout=5".
    const QString& options() const { return m_options; }
    // The value of one of those options, or a null string when the URL does not set it.
    QString option(QStringView key) const;

    // For messages and logs: the path, or the URL without its query.
    QString describe() const;

    // Server: a password the program was handed (Settings' Test Connection, as typed), for
    // connections to this location only. Never read from or written into an address, and never
    // put into the environment, so a test on another thread changes nothing for the others.
    // Empty: PGPASSWORD or ~/.pgpass, as libpq decides.
    const QString& password() const { return m_password; }
    void setPassword(const QString& password) { m_password = password; }

private:
    Kind m_kind{Kind::File};
    bool m_chosen{};
    QString m_path;
    QString m_host;
    int m_port{};
    QString m_database;
    QString m_user;
    QString m_options;
    QString m_password;
};

} // namespace engram
