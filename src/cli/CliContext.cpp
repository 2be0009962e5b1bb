#include "Command.h"

#include "memory/MemoryService.h"
#include "storage/DatabaseCheck.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace engram::cli {

CliContext::CliContext(Output& output, MemoryLocation location, QString userId, bool json, Access access)
    : m_out(output)
    , m_location(std::move(location))
    , m_userId(std::move(userId))
    , m_json(json)
    , m_access(access)
{}

CliContext::~CliContext() = default;

Result<MemoryService*> CliContext::memory()
{
    if (m_memory)
        return m_memory.get();
    const bool reads = m_access == Access::Read || m_access == Access::ReadAll;
    const QString folder = QFileInfo(databasePath()).absolutePath();
    if (!reads && m_location.isFile() && m_location.isChosen() && !QFileInfo(folder).isDir())
        return Error{Error::Code::Io, cliTr("The folder %1 does not exist; create it first, or check --db")
                                          .arg(QDir::toNativeSeparators(folder))};
    if (!reads && m_location.isFile()) {
        if (auto whole = checkBeforeWriting(); !whole)
            return whole.error();
    }
    // The window, budgets and forgetting limits the user chose in the app: a context built, or a
    // forgetting pass run, here is the one the app would make.
    QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
    auto opened = MemoryService::open(m_location, withChosenNumbers(app), Clock::system(),
                                      reads ? Database::Access::ReadOnly : Database::Access::ReadWrite);
    if (!opened) {
        // The app keeps a server's password in the system keychain, which engram-cli does not read.
        if (!m_location.isFile() && opened.errorMessage().contains(QLatin1String("password")) &&
            qEnvironmentVariableIsEmpty("PGPASSWORD"))
            return Error{opened.error().code,
                         opened.errorMessage() + QLatin1Char('\n') +
                             cliTr("engram-cli takes the server's password from PGPASSWORD or ~/.pgpass (the app's "
                                   "is in the system keychain).")};
        return opened.error();
    }
    if (m_access == Access::Create) {
        if (auto user = (*opened)->ensureUser(m_userId); !user)
            return user.error();
    } else if (m_access != Access::ReadAll) {
        if (auto known = knownUser(**opened); !known)
            return known.error();
    }
    m_memory = std::move(opened).value();
    return m_memory.get();
}

Status CliContext::checkBeforeWriting() const
{
    // A damaged file must not be written into: a write may spread the damage, and the user would
    // be told it was stored. Reading stays possible (that is how what is left gets out).
    if (!QFileInfo::exists(databasePath()))
        return {};
    const auto verdict = DatabaseCheck::check(databasePath(), DatabaseCheck::Depth::Quick, kCheckBudget);
    if (verdict.state != DatabaseCheck::Verdict::State::Damaged)
        return {};
    return Error{Error::Code::NotEngram,
                 cliTr("The memory file %1 is damaged (%2), so nothing was written to it. Restore a backup "
                       "(engram-cli backups, engram-cli restore FILE); engram-cli export may still save what can "
                       "be read.")
                     .arg(QDir::toNativeSeparators(databasePath()), verdict.detail.left(200))};
}

Status CliContext::knownUser(MemoryService& memory) const
{
    auto users = memory.users();
    if (!users)
        return users.error();
    QStringList ids;
    for (const User& u : std::as_const(*users)) {
        if (u.id == m_userId)
            return {};
        ids.append(u.id);
    }
    const QString known =
        ids.isEmpty() ? cliTr("there are no users yet") : cliTr("known users: %1").arg(ids.join(QStringLiteral(", ")));
    return Error::notFound(cliTr("There is no user \"%1\" in %2 (%3). Check --user; engram-cli users lists them.")
                               .arg(m_userId, m_location.describe(), known));
}

int CliContext::fail(const Error& error)
{
    m_out.error(error.message);
    switch (error.code) {
    case Error::Code::InvalidInput:
    case Error::Code::Conflict:
        return ExitInvalidInput;
    case Error::Code::NotFound:
        return ExitNotFound;
    case Error::Code::Database:
    case Error::Code::NotEngram:
    case Error::Code::Io:
    case Error::Code::Network:
        break;
    }
    return ExitDatabase;
}

int CliContext::usage(const QString& message)
{
    m_out.error(message);
    return ExitUsage;
}

} // namespace engram::cli
