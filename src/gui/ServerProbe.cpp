#include "ServerProbe.h"

#include "GuiLog.h"
#include "storage/Database.h"
#include "storage/MemoryLocation.h"
#include "storage/Sql.h"
#include "storage/UserStore.h"

#include <QUrl>
#include <QUrlQuery>

namespace engram::ServerProbe {

namespace {

const QString kConnectTimeout = QStringLiteral("connect_timeout");

// `address` with connect_timeout added unless it names one.
QString withConnectTimeout(const QString& address)
{
    QUrl url(address, QUrl::StrictMode);
    QUrlQuery query(url);
    if (query.hasQueryItem(kConnectTimeout))
        return address;
    query.addQueryItem(kConnectTimeout, QString::number(kConnectTimeoutSeconds));
    url.setQuery(query);
    return url.toString();
}

} // namespace

Result<ServerSummary> test(const QString& address, const QString& password)
{
    auto location = MemoryLocation::parse(withConnectTimeout(address.trimmed()));
    if (!location)
        return location.error();
    if (location->isFile())
        return Error::invalid(QStringLiteral("\"%1\" is not a postgresql:// address.").arg(address));
    // Given with the connection, not through PGPASSWORD: this runs beside the window's own.
    location->setPassword(password);
    auto db = Database::open(*location, Database::Access::ReadWrite);
    if (!db)
        return Error{db.error().code, readable(db.errorMessage())};
    ServerSummary summary;
    auto version = sql::scalar((*db)->connection(), QStringLiteral("SELECT current_setting('server_version')"));
    if (!version)
        return version.error();
    // "15.8 (Debian 15.8-0+deb12u1)": the number is what a user compares.
    summary.version = version->toString().section(QLatin1Char(' '), 0, 0);
    auto users = UserStore(**db).list();
    if (!users)
        return users.error();
    summary.profiles = static_cast<int>(users->size());
    qCInfo(lcGui) << "test connection to" << location->describe() << "succeeded";
    return summary;
}

QString readable(const QString& message)
{
    QStringList lines = message.split(QLatin1Char('\n'));
    for (QString& line : lines)
        line = line.trimmed();
    lines.removeAll(QString());
    return lines.join(QLatin1Char('\n'));
}

} // namespace engram::ServerProbe
