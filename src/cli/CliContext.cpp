#include "Command.h"

#include "memory/MemoryService.h"

namespace engram::cli {

CliContext::CliContext(Output& output, QString databasePath, QString userId, bool json)
    : m_out(output)
    , m_databasePath(std::move(databasePath))
    , m_userId(std::move(userId))
    , m_json(json)
{}

CliContext::~CliContext() = default;

Result<MemoryService*> CliContext::memory()
{
    if (!m_memory) {
        auto opened = MemoryService::open(m_databasePath);
        if (!opened)
            return opened.error();
        auto user = (*opened)->ensureUser(m_userId);
        if (!user)
            return user.error();
        m_memory = std::move(opened).value();
    }
    return m_memory.get();
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
