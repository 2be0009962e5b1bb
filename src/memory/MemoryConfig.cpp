#include "memory/MemoryConfig.h"

#include <QSettings>

namespace engram {
namespace {

int chosen(const QSettings& settings, const char* key, int fallback)
{
    bool ok{};
    const int v = settings.value(QLatin1String(key), fallback).toInt(&ok);
    return ok ? v : fallback;
}

} // namespace

MemoryConfig withChosenNumbers(const QSettings& settings, MemoryConfig base)
{
    base.windowRounds = chosen(settings, MemorySettingsKey::windowRounds, base.windowRounds);
    base.profileBudget = chosen(settings, MemorySettingsKey::profileBudget, base.profileBudget);
    base.episodicBudget = chosen(settings, MemorySettingsKey::episodicBudget, base.episodicBudget);
    base.windowBudget = chosen(settings, MemorySettingsKey::windowBudget, base.windowBudget);
    base.episodeCapacity = chosen(settings, MemorySettingsKey::episodeCapacity, base.episodeCapacity);
    base.maxAgeDays = chosen(settings, MemorySettingsKey::maxAgeDays, base.maxAgeDays);
    return base;
}

} // namespace engram
