#include "FaultVfs.h"

#include <QByteArray>
#include <QMutex>

#include <atomic>
#include <cstring>
#include <sqlite3.h>

namespace engram::test {
namespace {

std::atomic<int> g_writes{0};
std::atomic<int> g_refused{0};
std::atomic<int> g_failFrom{0}; // 0: never
std::atomic<int> g_error{SQLITE_FULL};
QMutex g_filterMutex;
QByteArray g_filter;

sqlite3_vfs* g_real = nullptr;
sqlite3_vfs g_vfs;

// The wrapper's file: SQLite allocates szOsFile bytes, the real file follows this header.
struct FaultFile
{
    sqlite3_file base;
    bool counted;
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

FaultFile* wrap(sqlite3_file* file)
{
    return reinterpret_cast<FaultFile*>(file);
}

sqlite3_file* real(sqlite3_file* file)
{
    return wrap(file)->real();
}

// ---- file methods: forward to the real file, except that a write may fail
int faultClose(sqlite3_file* f)
{
    return real(f)->pMethods->xClose(real(f));
}

int faultRead(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset)
{
    return real(f)->pMethods->xRead(real(f), buffer, amount, offset);
}

int faultWrite(sqlite3_file* f, const void* buffer, int amount, sqlite3_int64 offset)
{
    if (wrap(f)->counted) {
        const int n = ++g_writes;
        const int from = g_failFrom.load();
        if (from > 0 && n >= from) {
            ++g_refused;
            return g_error.load();
        }
    }
    return real(f)->pMethods->xWrite(real(f), buffer, amount, offset);
}

int faultTruncate(sqlite3_file* f, sqlite3_int64 size)
{
    return real(f)->pMethods->xTruncate(real(f), size);
}

int faultSync(sqlite3_file* f, int flags)
{
    return real(f)->pMethods->xSync(real(f), flags);
}

int faultFileSize(sqlite3_file* f, sqlite3_int64* size)
{
    return real(f)->pMethods->xFileSize(real(f), size);
}

int faultLock(sqlite3_file* f, int level)
{
    return real(f)->pMethods->xLock(real(f), level);
}

int faultUnlock(sqlite3_file* f, int level)
{
    return real(f)->pMethods->xUnlock(real(f), level);
}

int faultCheckReservedLock(sqlite3_file* f, int* out)
{
    return real(f)->pMethods->xCheckReservedLock(real(f), out);
}

int faultFileControl(sqlite3_file* f, int op, void* arg)
{
    return real(f)->pMethods->xFileControl(real(f), op, arg);
}

int faultSectorSize(sqlite3_file* f)
{
    return real(f)->pMethods->xSectorSize(real(f));
}

int faultDeviceCharacteristics(sqlite3_file* f)
{
    return real(f)->pMethods->xDeviceCharacteristics(real(f));
}

int faultShmMap(sqlite3_file* f, int region, int size, int extend, void volatile** out)
{
    return real(f)->pMethods->xShmMap(real(f), region, size, extend, out);
}

int faultShmLock(sqlite3_file* f, int offset, int n, int flags)
{
    return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}

void faultShmBarrier(sqlite3_file* f)
{
    real(f)->pMethods->xShmBarrier(real(f));
}

int faultShmUnmap(sqlite3_file* f, int deleteFlag)
{
    return real(f)->pMethods->xShmUnmap(real(f), deleteFlag);
}

int faultFetch(sqlite3_file* f, sqlite3_int64 offset, int amount, void** out)
{
    return real(f)->pMethods->xFetch(real(f), offset, amount, out);
}

int faultUnfetch(sqlite3_file* f, sqlite3_int64 offset, void* p)
{
    return real(f)->pMethods->xUnfetch(real(f), offset, p);
}

const sqlite3_io_methods g_methods = {
    3,
    &faultClose,
    &faultRead,
    &faultWrite,
    &faultTruncate,
    &faultSync,
    &faultFileSize,
    &faultLock,
    &faultUnlock,
    &faultCheckReservedLock,
    &faultFileControl,
    &faultSectorSize,
    &faultDeviceCharacteristics,
    &faultShmMap,
    &faultShmLock,
    &faultShmBarrier,
    &faultShmUnmap,
    &faultFetch,
    &faultUnfetch,
};

bool matchesFilter(const char* name)
{
    const QMutexLocker lock(&g_filterMutex);
    return g_filter.isEmpty() || (name && std::strstr(name, g_filter.constData()));
}

// ---- VFS methods: forward to the real VFS (its methods read their own pAppData)
int faultOpen(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* outFlags)
{
    FaultFile* wrapper = wrap(file);
    wrapper->counted = matchesFilter(name);
    const int rc = g_real->xOpen(g_real, name, wrapper->real(), flags, outFlags);
    // The real VFS leaves pMethods null when there is nothing to close; so does the wrapper.
    wrapper->base.pMethods = wrapper->real()->pMethods ? &g_methods : nullptr;
    return rc;
}

int faultDelete(sqlite3_vfs*, const char* name, int syncDir)
{
    return g_real->xDelete(g_real, name, syncDir);
}

int faultAccess(sqlite3_vfs*, const char* name, int flags, int* out)
{
    return g_real->xAccess(g_real, name, flags, out);
}

int faultFullPathname(sqlite3_vfs*, const char* name, int size, char* out)
{
    return g_real->xFullPathname(g_real, name, size, out);
}

void* faultDlOpen(sqlite3_vfs*, const char* name)
{
    return g_real->xDlOpen(g_real, name);
}

void faultDlError(sqlite3_vfs*, int size, char* out)
{
    g_real->xDlError(g_real, size, out);
}

void (*faultDlSym(sqlite3_vfs*, void* handle, const char* symbol))(void)
{
    return g_real->xDlSym(g_real, handle, symbol);
}

void faultDlClose(sqlite3_vfs*, void* handle)
{
    g_real->xDlClose(g_real, handle);
}

int faultRandomness(sqlite3_vfs*, int size, char* out)
{
    return g_real->xRandomness(g_real, size, out);
}

int faultSleep(sqlite3_vfs*, int microseconds)
{
    return g_real->xSleep(g_real, microseconds);
}

int faultCurrentTime(sqlite3_vfs*, double* out)
{
    return g_real->xCurrentTime(g_real, out);
}

int faultGetLastError(sqlite3_vfs*, int size, char* out)
{
    return g_real->xGetLastError(g_real, size, out);
}

int faultCurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* out)
{
    return g_real->xCurrentTimeInt64(g_real, out);
}

} // namespace

FaultVfs& FaultVfs::install()
{
    static FaultVfs instance;
    static const bool registered = [] {
        g_real = sqlite3_vfs_find(nullptr);
        if (!g_real)
            return false;
        std::memset(&g_vfs, 0, sizeof g_vfs);
        g_vfs.iVersion = 2;
        g_vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + g_real->szOsFile;
        g_vfs.mxPathname = g_real->mxPathname;
        g_vfs.zName = "engram-fault";
        g_vfs.xOpen = &faultOpen;
        g_vfs.xDelete = &faultDelete;
        g_vfs.xAccess = &faultAccess;
        g_vfs.xFullPathname = &faultFullPathname;
        g_vfs.xDlOpen = &faultDlOpen;
        g_vfs.xDlError = &faultDlError;
        g_vfs.xDlSym = &faultDlSym;
        g_vfs.xDlClose = &faultDlClose;
        g_vfs.xRandomness = &faultRandomness;
        g_vfs.xSleep = &faultSleep;
        g_vfs.xCurrentTime = &faultCurrentTime;
        g_vfs.xGetLastError = &faultGetLastError;
        g_vfs.xCurrentTimeInt64 = &faultCurrentTimeInt64;
        return sqlite3_vfs_register(&g_vfs, 1) == SQLITE_OK;
    }();
    if (!registered)
        qFatal("FaultVfs: cannot register the fault-injecting SQLite VFS");
    instance.disarm();
    return instance;
}

void FaultVfs::failFromWrite(int n, int sqliteError)
{
    g_writes = 0;
    g_refused = 0;
    g_error = sqliteError;
    g_failFrom = n;
}

void FaultVfs::disarm()
{
    g_failFrom = 0;
    g_writes = 0;
    g_refused = 0;
}

int FaultVfs::writes() const
{
    return g_writes.load();
}

int FaultVfs::refused() const
{
    return g_refused.load();
}

void FaultVfs::setFileFilter(const QString& part)
{
    const QMutexLocker lock(&g_filterMutex);
    g_filter = part.toUtf8();
}

} // namespace engram::test
