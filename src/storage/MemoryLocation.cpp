#include "storage/MemoryLocation.h"

#include "storage/DataFolder.h"

#include <QCoreApplication>
#include <QStringTokenizer>
#include <QUrl>
#include <QUrlQuery>

namespace engram {
namespace {

// libpq's URL query parameters Engram passes on; anything else is refused by name, so a typo
// (sslmod=…) is not silently dropped.
const QStringList kServerOptions{QStringLiteral("sslmode"),          QStringLiteral("sslrootcert"),
                                 QStringLiteral("sslcert"),          QStringLiteral("sslkey"),
                                 QStringLiteral("connect_timeout"),  QStringLiteral("tcp_user_timeout"),
                                 QStringLiteral("application_name"), QStringLiteral("target_session_attrs")};

bool isServerUrl(const QString& text)
{
    return text.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive);
}

} // namespace

MemoryLocation MemoryLocation::defaultFile()
{
    MemoryLocation location;
    location.m_path = DataFolder::defaultFolder() + QLatin1Char('/') + QLatin1String(DataFolder::kMemoryFile);
    return location;
}

Result<MemoryLocation> MemoryLocation::resolve(const QString& given, const QString& savedServer)
{
    QString text = given.trimmed();
    if (text.isEmpty())
        text = qEnvironmentVariable("ENGRAM_DB").trimmed();
    if (!text.isEmpty())
        return parse(text);
    const QString saved = savedServer.trimmed();
    if (saved.isEmpty())
        return defaultFile();
    auto server = parse(saved);
    if (!server)
        return Error::invalid(
            QCoreApplication::translate("MemoryLocation", "The memory server saved in Settings cannot be used: %1")
                .arg(server.errorMessage()));
    if (server->isFile())
        return Error::invalid(
            QCoreApplication::translate("MemoryLocation",
                                        "The memory server saved in Settings is not a postgresql:// address: %1")
                .arg(saved));
    return server;
}

Result<MemoryLocation> MemoryLocation::parse(const QString& text)
{
    MemoryLocation location;
    location.m_chosen = true;
    if (!isServerUrl(text)) {
        if (text.contains(QLatin1String("://")))
            return Error::invalid(QStringLiteral("\"%1\" is neither a file nor a postgresql:// URL.")
                                      .arg(text.section(QLatin1String("://"), 0, 0) + QLatin1String("://…")));
        location.m_path = text;
        return location;
    }
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return Error::invalid(QStringLiteral("The server address is not a valid URL: %1").arg(url.errorString()));
    if (!url.password().isEmpty())
        return Error::invalid(QStringLiteral("Leave the password out of the server address: Engram takes it from "
                                             "PGPASSWORD, ~/.pgpass or the keychain, never from an address that "
                                             "is saved in settings and shown in process lists."));
    location.m_kind = Kind::Server;
    location.m_host = url.host();
    location.m_port = url.port(0);
    location.m_user = url.userName();
    location.m_database = url.path().mid(1);
    if (location.m_database.contains(QLatin1Char('/')))
        return Error::invalid(QStringLiteral("The server address names more than one database: %1").arg(url.path()));
    QStringList options;
    for (const auto& [key, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (!kServerOptions.contains(key))
            return Error::invalid(QStringLiteral("Engram does not know the server option \"%1\" (it knows %2).")
                                      .arg(key, kServerOptions.join(QLatin1String(", "))));
        if (value.contains(QLatin1Char(';')))
            return Error::invalid(QStringLiteral("The server option \"%1\" has a \";\" in its value.").arg(key));
        options.append(key + QLatin1Char('=') + value);
    }
    location.m_options = options.join(QLatin1Char(';'));
    return location;
}

QString MemoryLocation::option(QStringView key) const
{
    for (const QStringView item : QStringTokenizer(m_options, QLatin1Char(';'))) {
        if (item.size() > key.size() && item.startsWith(key) && item.at(key.size()) == QLatin1Char('='))
            return item.mid(key.size() + 1).toString();
    }
    return {};
}

QString MemoryLocation::describe() const
{
    if (m_kind == Kind::File)
        return m_path;
    QString text = QStringLiteral("postgresql://");
    if (!m_user.isEmpty())
        text += m_user + QLatin1Char('@');
    text += m_host;
    if (m_port > 0)
        text += QLatin1Char(':') + QString::number(m_port);
    return text + QLatin1Char('/') + m_database;
}

} // namespace engram
