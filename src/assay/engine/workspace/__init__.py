"""Loading a workspace: configuration, discovery of files, spec types, and each
document read once into what checks see (``loading.Workspace``)."""
