#include "storage/DatabaseCheck.h"

#include "storage/Database.h"
#include "storage/SqliteFile.h"

#include <QFile>
#include <QFileInfo>

namespace engram {
namespace {

using Verdict = DatabaseCheck::Verdict;
using State = Verdict::State;

Verdict verdict(State state, QString detail, int version = 0)
{
    return Verdict{state, std::move(detail), version};
}

// A failure of SQLite itself: corruption is damage; the rest means the file could not be read.
Verdict fromError(const Error& error)
{
    return verdict(error.code == Error::Code::NotEngram ? State::Damaged : State::Unreadable, error.message);
}

} // namespace

DatabaseCheck::Verdict DatabaseCheck::check(const QString& path, Depth depth, std::chrono::milliseconds budget)
{
    const QFileInfo info(path);
    if (!info.exists())
        return verdict(State::Ok, {});
    if (!info.isFile())
        return verdict(State::Unreadable, QStringLiteral("not a regular file"));
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return verdict(State::Unreadable, file.errorString());
        // An empty or foreign header is damage for a file that is where the memory should be.
        if (file.size() == 0)
            return verdict(State::Damaged, QStringLiteral("the file is empty"));
        if (!file.read(16).startsWith(QByteArrayLiteral("SQLite format 3")))
            return verdict(State::Damaged, QStringLiteral("the file does not start with an SQLite header"));
    }
    auto opened = SqliteFile::open(path, SqliteFile::Mode::ReadOnly);
    if (!opened)
        return fromError(opened.error());
    SqliteFile& db = **opened;
    auto tables = db.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master"));
    if (!tables)
        return fromError(tables.error());
    auto version = db.scalar(QStringLiteral("PRAGMA user_version"));
    if (!version)
        return fromError(version.error());
    const int schema = version->toInt();
    if (schema == 0 && tables->toInt() > 0)
        return verdict(State::NotEngram, QStringLiteral("an SQLite database of another program"));
    if (schema > Database::latestVersion())
        return verdict(State::NotEngram,
                       QStringLiteral("written by a newer Engram (schema %1)").arg(schema), schema);
    if (schema > 0) {
        auto app = db.scalar(QStringLiteral("SELECT value FROM engram_meta WHERE key = 'application'"));
        if (!app)
            return app.error().code == Error::Code::Database
                       ? verdict(State::NotEngram, QStringLiteral("no Engram marker"), schema)
                       : fromError(app.error());
        if (app->toString() != QLatin1String("engram"))
            return verdict(State::NotEngram, QStringLiteral("no Engram marker"), schema);
    }

    if (depth == Depth::Quick)
        db.setTimeBudget(budget);
    auto problems = db.column(depth == Depth::Quick ? QStringLiteral("PRAGMA quick_check(20)")
                                                    : QStringLiteral("PRAGMA integrity_check(20)"));
    if (!problems) {
        if (db.budgetExceeded())
            return verdict(State::Unfinished, QStringLiteral("checked for %1 ms without finding a problem")
                                                  .arg(budget.count()),
                           schema);
        return fromError(problems.error());
    }
    QStringList lines;
    for (const QVariant& v : std::as_const(*problems))
        lines.append(v.toString());
    if (lines == QStringList{QStringLiteral("ok")})
        return verdict(State::Ok, {}, schema);
    return verdict(State::Damaged, lines.join(QLatin1Char('\n')), schema);
}

} // namespace engram
